/// How often a learner's assessments have named new weak points: for each rating of the
/// assessment (Again, Hard, Good, Easy, from its mastery score by the planner's
/// ``MasteryRatingScale``), how many scored assessments there were and how many weak points
/// they named that were not active for their lesson before (the planner's rule: a weak point
/// an assessment no longer names retires, so one named again later is new again). What a
/// simulation of the learner uses instead of a fixed rate.
package struct WeakPointHistory: Sendable, Hashable {
    /// Scored assessments, by rating (four counts, Again first).
    package var assessments: [Int]
    /// New weak points they named, by the rating of the naming assessment.
    package var newWeakPoints: [Int]

    /// A history of these counts (four each, Again first).
    /// - Complexity: O(1).
    package init(assessments: [Int] = [0, 0, 0, 0], newWeakPoints: [Int] = [0, 0, 0, 0]) {
        self.assessments = assessments
        self.newWeakPoints = newWeakPoints
    }

    /// New weak points per assessment of each rating; `nil` for a rating never given.
    package var ratePerAssessment: [Double?] {
        zip(assessments, newWeakPoints).map { count, named in count > 0 ? Double(named) / Double(count) : nil }
    }

    /// Adds one lesson's events (sorted by time). O(events · weak points named).
    mutating func add(events: ArraySlice<LessonEvent>, mentions: [WeakPointMention], ratingScale: MasteryRatingScale) {
        var active: [UInt64] = []
        for event in events {
            let named = mentions[Int(event.mentionStart) ..< Int(event.mentionStart + event.mentionCount)]
            if event.isAssessment {
                let rating = ratingScale.rating(forScore: Int(event.score)).rawValue - 1
                active.removeAll { hash in !named.contains { $0.hash == hash } }
                assessments[rating] += 1
                newWeakPoints[rating] += named.filter { mention in !active.contains(mention.hash) }.count
            }
            for mention in named where !active.contains(mention.hash) { active.append(mention.hash) }
        }
    }
}
