import Foundation

/// A call of the reading runtime or the session manager that cannot be done.
package enum ReadingRuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No open session has this id: it was never started, or it was closed (by the app or
    /// as stale).
    case unknownSession(String)
    /// The session manager has no material open.
    case noOpenMaterial

    /// What was wrong and what to do.
    package var description: String {
        switch self {
        case .unknownSession(let id): "no open reading session has the id \(id); open the material again"
        case .noOpenMaterial: "no material is open; open one first"
        }
    }
}
