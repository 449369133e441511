import Foundation
import ZhiXiAnki
import ZhiXiFileSystem
import ZhiXiTraining

/// The review log of `states`, `optimize`, `evaluate` and `simulate --revlog`: a CSV, or an
/// Anki file (a profile's collection.anki2, a .colpkg or .apkg) recognised by its content, with
/// `--deck` or `--preset` choosing its cards.
enum ReviewLogSource {
    case csv(Data)
    case anki(AnkiInput)

    static let deck = CommandOption<String>.text(
        "deck", placeholder: "NAME", example: "Languages::Spanish")
    static let preset = CommandOption<String>.text(
        "preset", placeholder: "NAME", example: "Default")

    /// `simulate`'s `--revlog-deck NAME` (its `--deck` is the deck's size).
    static let revlogDeck = CommandOption<String>.text(
        "revlog-deck", placeholder: "NAME", example: "Languages::Spanish")

    /// Reads `path`: an Anki file when its first bytes say so, else the CSV's bytes (`limit`,
    /// text only).
    /// - Throws: 66 for a missing file, 65 for a damaged or foreign Anki file, 75 when the
    ///   collection kept changing while it was read, 64 for `--deck`/`--preset` without an Anki
    ///   file or naming nothing in it.
    /// - Parameter deferringVerification: an Anki file's collection returns before SQLite's
    ///   integrity check of it ends; the command calls ``verify()`` before it writes anything.
    static func read(_ path: String, limit: Int, arguments: ParsedArguments, context: CommandContext,
                     deckOption: CommandOption<String> = deck, deferringVerification: Bool = false) throws(CommandError) -> ReviewLogSource {
        let name = FileAccess.displayName(path)
        let collection: AnkiCollection
        do {
            if path != "-", let format = AnkiFile.format(ofFileAt: path) {
                guard format != .other else {
                    try refuseAnkiOptions(arguments, name: name, deckOption: deckOption)
                    return .csv(try FileAccess.read(path, limit: limit, format: .text, context: context))
                }
                collection = try AnkiFile.open(path: path, name: name, deferringVerification: deferringVerification)
            } else {
                // Text, or an Anki file's signature: an endless stream of anything else stops early.
                let signatures: [[UInt8]] = [Array("SQLite format 3".utf8) + [0], [0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06]]
                let data = try FileAccess.read(path, limit: limit, format: .textOrStarting(with: signatures), context: context)
                guard AnkiFile.format(ofPrefix: data.prefix(AnkiFile.prefixLength)) != .other else {
                    do {
                        try InputFile.check(data, limit: limit, format: .text, name: name)
                    } catch {
                        throw FileAccess.inputFailure(error)
                    }
                    try refuseAnkiOptions(arguments, name: name, deckOption: deckOption)
                    return .csv(data)
                }
                collection = try AnkiFile.open(bytes: [UInt8](data), name: name, deferringVerification: deferringVerification)
            }
        } catch let error as AnkiError {
            throw failure(error)
        } catch let error as CommandError {
            throw error
        } catch {
            throw .dataError("\(name): \(error)")
        }
        let scope: AnkiSelection.Scope
        switch (try arguments.value(of: deckOption), try arguments.value(of: preset)) {
        case (let deck?, nil): scope = .deck(deck)
        case (nil, let preset?): scope = .preset(preset)
        case (nil, nil): scope = .everyDeck
        case (.some, .some): throw arguments.usageError(key: "cards.deckAndPreset", ["option": "--" + deckOption.name])
        }
        do {
            return .anki(AnkiInput(collection, selection: try AnkiSelection(collection, scope: scope),
                                   machineZone: AnkiInput.machineZone(context.environment)))
        } catch {
            do {
                try collection.verification.verify()   // a damaged file's decks are the damage, not a usage error
            } catch {
                throw failure(error)
            }
            throw arguments.usageError("\(name): \(error.description)")
        }
    }

    private static func refuseAnkiOptions(_ arguments: ParsedArguments, name: String, deckOption: CommandOption<String>) throws(CommandError) {
        for option in [deckOption, preset] where arguments.isGiven(option) {
            throw arguments.usageError(key: "cards.notAnAnkiFile", ["option": "--" + option.name, "name": name])
        }
    }

    /// The review rows: the CSV read (a bad row is 65, naming its line), or the Anki file's.
    func columns(name: String) throws(CommandError) -> ReviewLogColumns {
        switch self {
        case .csv(let data):
            do {
                return try ReviewLogColumns(csv: data)
            } catch {
                throw .dataError("\(name): \(error.description)")
            }
        case .anki(let input):
            return input.log
        }
    }

    /// Waits for an Anki file's integrity check, when its reading deferred it (65 when the
    /// file is damaged); nothing for a CSV.
    func verify() throws(CommandError) {
        guard case .anki(let input) = self else { return }
        try input.verify()
    }

    /// The command error of an Anki file that cannot be read.
    static func failure(_ error: AnkiError) -> CommandError {
        switch error.kind {
        case .busy: .temporaryFailure(error.description)
        case .unreadable: .noInput(error.description)
        case .notAnkiFile, .damaged, .unsupportedSchema, .tooLarge: .dataError(error.description)
        }
    }
}
