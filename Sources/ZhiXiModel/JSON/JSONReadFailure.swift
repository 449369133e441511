/// A failure inside ``JSONByteReader``: where in the bytes, why, and the path of keys and
/// indices down to the value, collected innermost first as the failure travels up.
struct JSONReadFailure: Error {
    /// One step of a path into a JSON document.
    enum PathComponent: Hashable {
        /// An object member.
        case key(String)
        /// An array element, counted from 0.
        case index(Int)
    }

    /// The byte offset the failure points at, from the start of the input.
    var offset: Int
    /// What was wrong, such as `expected a number, found "high"`.
    var reason: String
    /// The path from the failing value up to the root: innermost component first.
    var reversedPath: [PathComponent] = []

    /// The same failure one level further out, inside the member `key`.
    func inside(key: String) -> JSONReadFailure {
        var failure = self
        failure.reversedPath.append(.key(key))
        return failure
    }

    /// The same failure one level further out, inside the array element at `index`.
    func inside(index: Int) -> JSONReadFailure {
        var failure = self
        failure.reversedPath.append(.index(index))
        return failure
    }

    /// The path as text, such as `sessions[311].masteryScore`; empty at the root. A key
    /// that is not a plain identifier is written in brackets: `["a key"]`.
    var pathText: String {
        var text = ""
        for component in reversedPath.reversed() {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if Self.isPlainIdentifier(key) {
                    text += text.isEmpty ? key : "." + key
                } else {
                    text += "[\"" + key.replacingBackslashesAndQuotes() + "\"]"
                }
            }
        }
        return text
    }

    private static func isPlainIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || $0 &- UInt8(ascii: "0") < 10 }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }
}

extension String {
    /// The string with `\` and `"` escaped, for quoting in a message.
    func replacingBackslashesAndQuotes() -> String {
        var text = ""
        for character in self {
            if character == "\\" || character == "\"" { text.append("\\") }
            text.append(character)
        }
        return text
    }
}
