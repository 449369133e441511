import Foundation
import Testing

/// The sample workspace's text.
let sampleWorkspaceText: String = (try? String(contentsOf: packageRoot.appendingPathComponent("data/sample-workspace.json"),
                                               encoding: .utf8)) ?? ""

/// The sample workspace as a JSON object to edit.
func sampleWorkspaceObject() throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(sampleWorkspaceText.utf8)) as? [String: Any])
}

/// `object` as compact JSON text.
func jsonText(_ object: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
}
