import Foundation
import ZhiXiModel

/// The commands' JSON output, always from an `Encodable`: the reports of the commands that
/// talk to the API through the contract's encoder (sorted keys, ISO-8601 dates), and those of
/// `evaluate`, `states`, `optimize --batch` and `simulate` (and its `--save-config`) through ``ReportJSONEncoder`` (members in
/// declaration order, numbers as the text reports print them).
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

    /// `value` written by ``ReportJSONEncoder`` in `style`, and a newline.
    /// - Throws: 74 when the value cannot be written as JSON.
    static func report(_ value: some Encodable, style: ReportJSONEncoder.Style, command: String) throws(CommandError) -> String {
        do {
            return try ReportJSONEncoder(style: style).text(value) + "\n"
        } catch {
            throw .ioError("\(command): the report cannot be written as JSON (\(error))")
        }
    }
}
