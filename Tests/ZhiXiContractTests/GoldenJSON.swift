import Foundation
import ZhiXiModel

/// The golden JSON files: one per type of the contract, holding the fields the app's design
/// gives it (and the issue that fixed the shape where the design is silent), dates in the
/// form the contract writes them.
enum GoldenJSON {
    /// The bytes of `Golden/NAME.json`.
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Golden") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Golden/\(name).json"])
        }
        return try Data(contentsOf: url)
    }

    /// The parsed JSON of `Golden/NAME.json`.
    static func object(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: data(name), options: [.fragmentsAllowed])
    }

    /// Every path of `json` down to its leaves, such as `user.createdAt`, `items[].id`;
    /// objects and arrays that are empty are leaves.
    static func paths(_ json: Any, prefix: String = "") -> Set<String> {
        if let object = json as? [String: Any], !object.isEmpty {
            var paths: Set<String> = []
            for (key, value) in object {
                paths.formUnion(Self.paths(value, prefix: prefix.isEmpty ? key : prefix + "." + key))
            }
            return paths
        }
        if let array = json as? [Any], !array.isEmpty {
            return array.reduce(into: Set<String>()) { $0.formUnion(paths($1, prefix: prefix + "[]")) }
        }
        return [prefix]
    }

    /// Whether two JSON scalars (strings, numbers, booleans) are equal.
    static func scalarsEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        if let left = lhs as? String, let right = rhs as? String { return left == right }
        if let left = lhs as? NSNumber, let right = rhs as? NSNumber { return left == right }
        if let left = lhs as? Bool, let right = rhs as? Bool { return left == right }
        if let left = lhs as? Double, let right = rhs as? Double { return left == right }
        return false
    }

    /// The places where `actual` differs from `expected` for the members `expected` has
    /// (members only in `actual` are not looked at): `path: expected … found …`.
    static func differences(expected: Any, actual: Any?, path: String = "") -> [String] {
        switch expected {
        case let object as [String: Any]:
            guard let other = actual as? [String: Any] else { return ["\(path): expected an object, found \(String(describing: actual))"] }
            return object.keys.sorted().flatMap { key in
                differences(expected: object[key]!, actual: other[key], path: path.isEmpty ? key : path + "." + key)
            }
        case let array as [Any]:
            guard let other = actual as? [Any], other.count == array.count else {
                return ["\(path): expected \(array.count) elements, found \(String(describing: actual))"]
            }
            return zip(array, other).enumerated().flatMap { differences(expected: $1.0, actual: $1.1, path: "\(path)[\($0)]") }
        case is NSNull:
            return actual is NSNull ? [] : ["\(path): expected null, found \(String(describing: actual))"]
        default:
            guard let actual, !(actual is NSNull), scalarsEqual(expected, actual) else {
                return ["\(path): expected \(expected), found \(String(describing: actual))"]
            }
            return []
        }
    }
}
