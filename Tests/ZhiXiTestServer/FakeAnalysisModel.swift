import Foundation
import ZhiXiModel

/// The fake API's stand-in for a language model, deterministic so tests can predict it: a
/// learner's input is scored by the share of the lesson's key points it mentions, the key
/// points it misses are its weak points (at most three), and the review is suggested sooner
/// the lower the score.
package enum FakeAnalysisModel {
    /// What the model says about one input.
    package struct Verdict: Sendable, Hashable {
        /// 30 + 70 × the share of key points mentioned, rounded; 60 for a lesson without key points.
        package var masteryScore: Int
        /// The key points not mentioned, at most three, in the lesson's order.
        package var weakPoints: [String]
        /// One suggestion per weak point, or one general suggestion.
        package var suggestions: [String]
        /// Days until the suggested review: 1 below 60, 3 below 85, else 7.
        package var reviewInDays: Int
    }

    /// The verdict on `input` for `lesson`, written in `language`.
    package static func verdict(on input: String, lesson: Lesson, language: AppLanguage) -> Verdict {
        let text = input.lowercased()
        let missed = lesson.keyPoints.filter { !text.contains($0.lowercased()) }
        let score = lesson.keyPoints.isEmpty
            ? 60 : Int((30 + 70 * Double(lesson.keyPoints.count - missed.count) / Double(lesson.keyPoints.count)).rounded())
        let weakPoints = Array(missed.prefix(3))
        let suggestions = weakPoints.isEmpty
            ? [language == .english ? "Explain it to someone else to find what is still unclear." : "尝试向别人讲解，找出讲不清楚的地方"]
            : weakPoints.map { language == .english ? "Explain “\($0)” again, with an example." : "再讲一遍「\($0)」，并举一个例子" }
        return Verdict(masteryScore: score, weakPoints: weakPoints, suggestions: suggestions,
                       reviewInDays: score < 60 ? 1 : score < 85 ? 3 : 7)
    }
}
