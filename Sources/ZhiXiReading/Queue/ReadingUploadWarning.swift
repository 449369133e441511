import ZhiXiCore
import ZhiXiModel

/// Something a flush wants a person to know: events dropped, events kept after an answer
/// it did not understand, damage repaired in the journal.
package enum ReadingUploadWarning: Sendable, Hashable, CustomStringConvertible {
    /// The server refused the event for good (`MATERIAL_ACCESS_DENIED`,
    /// `TEMPORARY_MATERIAL_EXPIRED`, `SOURCE_DELETED`, `INVALID_…`, or a 400/413/422
    /// answer to the event alone): it was removed from the queue.
    case dropped(eventID: String, materialID: String, code: String, message: String?)
    /// The server refused the event with a code this version does not know: it was kept
    /// (failed) for a later flush.
    case keptAfterUnknownRejection(eventID: String, code: String, message: String?)
    /// The server's answer listed these many events of the batch neither as accepted nor
    /// as rejected: they were kept (failed) for a later flush.
    case missingFromAnswer(count: Int)
    /// The journal was damaged and repaired when it was read.
    case journalRepaired(JournalRepair)

    /// The warning in words.
    package var description: String {
        // Ids, codes and messages come from files and servers: their control characters are
        // made visible, since the warning ends up on a terminal.
        switch self {
        case .dropped(let eventID, let materialID, let code, let message):
            let (eventID, materialID, code, message) = (eventID.escapingControlCharacters(), materialID.escapingControlCharacters(),
                                                        code.escapingControlCharacters(), message?.escapingControlCharacters())
            return "dropped event \(eventID) of material \(materialID): the server refused it with \(code)" + (message.map { " (\($0))" } ?? "")
        case .keptAfterUnknownRejection(let eventID, let code, let message):
            let (eventID, code, message) = (eventID.escapingControlCharacters(), code.escapingControlCharacters(),
                                            message?.escapingControlCharacters())
            return "kept event \(eventID): the server refused it with \(code), a code this version does not know"
                + (message.map { " (\($0))" } ?? "")
        case .missingFromAnswer(let count):
            return "kept \(count) event\(count == 1 ? "" : "s") that the server's answer neither accepted nor rejected"
        case .journalRepaired(let repair):
            return "the queue's journal was repaired: \(repair)"
        }
    }
}
