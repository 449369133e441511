import ZhiXiMemory

/// One review of an item at a known instant, with its study day on the learner's
/// ``StudyCalendar``: what the planner's review histories hand to the optimizer's training
/// data (both count elapsed days as differences of study days).
public struct StudyDayReview: Sendable, Hashable {
    /// The learner's answer.
    public var rating: Rating
    /// When it happened, in seconds since 1970.
    public var secondsSince1970: Double
    /// Its study day (``StudyCalendar/dayNumber(ofSecondsSince1970:)``).
    public var studyDay: Int

    /// Creates a review.
    /// - Complexity: O(1).
    public init(rating: Rating, secondsSince1970: Double, studyDay: Int) {
        self.rating = rating
        self.secondsSince1970 = secondsSince1970
        self.studyDay = studyDay
    }
}
