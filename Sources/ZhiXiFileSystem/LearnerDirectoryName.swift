/// The one rule for the name of a learner's own directory, shared by the app (its
/// `users/<name>` under the device's storage) and the command line (its outboxes,
/// `<store>-outbox/<name>`): the learner id's UTF-8 bytes in lowercase hex, `-` for an empty
/// id. Hex names no other path (no `/`, no `..`, no leading dot), and two ids never share a
/// name. docs/APP.md says how the command line keeps the folders it named otherwise before.
package enum LearnerDirectoryName {
    /// The directory name of learner `learnerID`: `user-1` → `757365722d31`, `` → `-`.
    ///
    /// - Complexity: O(length of the id).
    /// - Parameter learnerID: the learner's id, as the server gives it.
    /// - Returns: the name, without a path.
    package static func name(for learnerID: String) -> String {
        let hex = learnerID.utf8.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        return hex.isEmpty ? "-" : hex
    }
}
