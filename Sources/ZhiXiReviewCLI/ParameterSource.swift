import Foundation
import ZhiXiCore
import ZhiXiLocalization
import ZhiXiMemory

/// Reads FSRS-6 parameters given on the command line (`--params FILE|JSON`): a JSON array of 21
/// numbers (or 19, 17), inline or in a file, or a file holding an object with a `parameters`,
/// `w` or `weights` array. Values are checked against fsrs-rs's bounds (0 and 1 are numbers
/// like any other); a value out of range is refused, naming its index and the range.
enum ParameterSource {
    private struct Wrapped: Decodable {
        var parameters: [Double]?
        var w: [Double]?
        var weights: [Double]?
    }

    /// Where the parameters came from, for outputs that name their inputs: `FSRS-6 defaults`,
    /// the file's name, or `--params (inline JSON)`.
    static func describe(_ arguments: ParsedArguments) throws(CommandError) -> String {
        guard let text = try arguments.value(of: SharedOptions.parameters) else { return "FSRS-6 defaults" }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") { return "--params (inline JSON)" }
        return FileAccess.displayName(text)
    }

    /// The parameters of `--params`, or the defaults when it was not given.
    /// - Throws: 66 for a missing file, 65 for text that is not such an array or values that are
    ///   not usable parameters.
    /// The problem in words for the command line (the library's own wording points Swift
    /// callers at an initializer, which means nothing here).
    static func message(for error: ParameterError) -> String {
        switch error {
        case .outOfRange(let index, let value, let allowed):
            "parameter w[\(index)] is \(value), outside its allowed range \(allowed.lowerBound)…\(allowed.upperBound) "
                + "(fsrs-rs's bounds); correct it, or fit parameters with zhixi-review optimize"
        default:
            error.description
        }
    }

    static func load(_ arguments: ParsedArguments, context: CommandContext) throws(CommandError) -> FSRSParameters {
        guard let text = try arguments.value(of: SharedOptions.parameters) else { return .default }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let source: String
        let data: Data
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") {
            source = "--params"
            data = Data(trimmed.utf8)
        } else {
            source = text
            data = try FileAccess.read(text, limit: InputLimits.smallJSON, format: .json, context: context)
        }
        if let duplicate = JSONDuplicateKeyScanner.firstDuplicate(inBytes: data) {
            throw .dataError("\(source): \(duplicate)")
        }
        let decoder = JSONDecoder()
        let weights: [Double]
        if let array = try? decoder.decode([Double].self, from: data) {
            weights = array
        } else if let object = try? decoder.decode(Wrapped.self, from: data), let array = object.parameters ?? object.w ?? object.weights {
            weights = array
        } else {
            throw CommandError.dataError("").worded { $0.sentence("parameters.notAnArray", in: .errors, ["source": source]) }
        }
        do {
            return try FSRSParameters(weights)
        } catch {
            throw .dataError("\(source): \(message(for: error))")
        }
    }
}
