import ZhiXiMemory

/// One review of an item at a known instant, with its study day on the learner's
/// ``StudyCalendar``: what the planner's review histories hand to the optimizer's training
/// data (both count elapsed days as differences of study days).
package struct StudyDayReview: Sendable, Hashable {
    /// The learner's answer.
    package var rating: Rating
    /// When it happened, in seconds since 1970.
    package var secondsSince1970: Double
    /// Its study day (``StudyCalendar/dayNumber(ofSecondsSince1970:)``).
    package var studyDay: Int

    /// Creates a review.
    /// - Complexity: O(1).
    package init(rating: Rating, secondsSince1970: Double, studyDay: Int) {
        self.rating = rating
        self.secondsSince1970 = secondsSince1970
        self.studyDay = studyDay
    }
}
