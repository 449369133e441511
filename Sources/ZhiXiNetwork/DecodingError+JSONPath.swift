extension DecodingError {
    /// The JSON path of the value that failed (`user.createdAt`, `events[3].eventId`;
    /// empty for the whole document) and what was wrong with it.
    var jsonPathAndReason: (path: String, reason: String) {
        switch self {
        case .keyNotFound(let key, let context):
            return (Self.path(context.codingPath + [key]), "missing (required)")
        case .typeMismatch(let type, let context):
            return (Self.path(context.codingPath), "not a \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (Self.path(context.codingPath), "null where a \(type) is required")
        case .dataCorrupted(let context):
            let path = Self.path(context.codingPath)
            return (path, path.isEmpty ? "not valid JSON (\(context.debugDescription))" : context.debugDescription)
        @unknown default:
            return ("", String(describing: self))
        }
    }

    /// `a.b[2].c` for a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue == String(index) || key.stringValue.hasPrefix("Index ") {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}
