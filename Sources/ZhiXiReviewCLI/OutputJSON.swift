import Foundation
import ZhiXiModel

/// The JSON reports of the commands that talk to the API: an `Encodable` written by the
/// contract's encoder (sorted keys, ISO-8601 dates), one line.
enum OutputJSON {
    /// `value` as one line of JSON and a newline.
    /// - Throws: 74 when the value cannot be written as JSON (a number JSON cannot hold).
    static func line(_ value: some Encodable, command: String) throws(CommandError) -> String {
        do {
            return String(decoding: try ZhiXiJSON.makeEncoder().encode(value), as: UTF8.self) + "\n"
        } catch {
            throw .ioError("\(command): the report cannot be written as JSON (\(error))")
        }
    }
}
