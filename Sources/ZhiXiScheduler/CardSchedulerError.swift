/// Why a ``CardScheduler`` operation on a card cannot be done.
public enum CardSchedulerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A review passed to ``CardScheduler/reschedule(_:from:)->Card`` belongs to another card.
    case reviewOfAnotherCard(reviewCardID: Int64, cardID: Int64)

    /// A sentence that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .reviewOfAnotherCard(let reviewCardID, let cardID):
            "a review of card \(reviewCardID) was given to reschedule card \(cardID); pass only the reviews of the card being rescheduled"
        }
    }
}
