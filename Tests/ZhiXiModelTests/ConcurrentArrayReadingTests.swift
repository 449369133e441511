import Foundation
import Testing
@testable import ZhiXiModel

/// Decodes `bytes` with arrays of at least `threshold` bytes read by two threads.
func decodeSplitting(_ bytes: [UInt8], threshold: Int) -> Result<LearnerWorkspace, WorkspaceDecodingError> {
    bytes.withUnsafeBytes { LearnerWorkspace.decodeResult(from: $0, concurrencyThreshold: threshold) }
}

@Suite("Large arrays read by two threads give exactly the one-thread result")
struct ConcurrentArrayReadingTests {
    /// A workspace whose sessions hold text that looks like element boundaries.
    static func trickyWorkspace(sessions count: Int) -> LearnerWorkspace {
        var workspace = ModelSamples.workspace
        workspace.sessions = (0..<count).map { index in
            LearningSession(
                id: "s-\(index)", userId: "u-1", lessonId: "l-\(index % 7)",
                startedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60),
                userInput: index % 3 == 0 ? "看 },{ 这里 }, {\"id\":\"x\"} 还有 } ,\n{" : "普通的回忆 \(index)",
                masteryScore: index % 101,
                weakPoints: index % 2 == 0 ? ["},{", "矢量"] : [])
        }
        workspace.analyses = (0..<count / 4).map { index in
            AIAnalysis(id: "a-\(index)", inputText: "},{", outputJson: #"{"a":[{},{}]}"#, masteryScore: 50,
                       modelName: "m", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        }
        return workspace
    }

    @Test("compact and pretty-printed, at many split points", arguments: [false, true])
    func splitPoints(prettyPrinted: Bool) throws {
        let workspace = Self.trickyWorkspace(sessions: 400)
        let bytes = Array(try ZhiXiJSON.makeEncoder(prettyPrinted: prettyPrinted).encode(workspace))
        for threshold in stride(from: 64, to: bytes.count, by: max(1, bytes.count / 97)) {
            let decoded = try decodeSplitting(bytes, threshold: threshold).get()
            #expect(decoded == workspace, "threshold \(threshold)")
        }
    }

    @Test("a fault in the second half is reported exactly as by one thread")
    func faultInSecondHalf() throws {
        let workspace = Self.trickyWorkspace(sessions: 300)
        var text = String(decoding: try ZhiXiJSON.makeEncoder().encode(workspace), as: UTF8.self)
        let range = try #require(text.range(of: #""masteryScore":50,"startedAt""#, options: .backwards))
        text.replaceSubrange(range, with: #""masteryScore":"high","startedAt""#)
        let bytes = Array(text.utf8)
        let sequential = decodeSplitting(bytes, threshold: .max)
        guard case .failure(let expected) = sequential else {
            Issue.record("the damaged workspace decoded")
            return
        }
        #expect(expected.path.hasSuffix(".masteryScore"))
        for threshold in stride(from: 64, to: bytes.count, by: max(1, bytes.count / 53)) {
            guard case .failure(let error) = decodeSplitting(bytes, threshold: threshold) else {
                Issue.record("decoded at threshold \(threshold)")
                continue
            }
            #expect(error == expected, "threshold \(threshold)")
        }
    }

    @Test("an array that ends before the guessed boundary, and one that is empty")
    func boundaryOutsideTheArray() throws {
        var workspace = Self.trickyWorkspace(sessions: 5)
        workspace.lessons = []
        let bytes = Array(try ZhiXiJSON.makeEncoder().encode(workspace))
        for threshold in [1, 16, 256, 1024] {
            #expect(try decodeSplitting(bytes, threshold: threshold).get() == workspace)
        }
    }
}
