import Foundation

extension LearnerWorkspace {
    /// The lessons a learner's reference names: the lesson whose id is `reference`, else every
    /// lesson whose title is exactly `reference` (leading and trailing white space ignored on
    /// both sides). One lesson is a match; none or several are for the caller to say so. O(lessons).
    public func lessons(referredToAs reference: String) -> [Lesson] {
        if let lesson = lessons.first(where: { $0.id == reference }) { return [lesson] }
        let title = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { return [] }
        return lessons.filter { $0.title.trimmingCharacters(in: .whitespacesAndNewlines) == title }
    }

    /// The lessons whose id or title contains `reference` (ignoring case and white space at its
    /// ends), for a "did you mean" when nothing matches exactly. O(lessons · length).
    public func lessons(resembling reference: String) -> [Lesson] {
        let text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return [] }
        return lessons.filter {
            $0.id.range(of: text, options: .caseInsensitive) != nil || $0.title.range(of: text, options: .caseInsensitive) != nil
                || (!$0.title.isEmpty && text.range(of: $0.title, options: .caseInsensitive) != nil)
        }
    }
}
