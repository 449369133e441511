/// Anki's (re)learning steps of a preset (`rslib/src/scheduler/states/steps.rs`): the waits in
/// whole seconds for Again, Hard and Good at a card's position, and where Good moves it.
struct AnkiSteps: Sendable, Hashable {
    /// The steps in minutes, as Anki stores them.
    let minutes: [Float]

    private static let day = 86_400

    /// A step in seconds: `(minutes · 60) as u32`.
    private func seconds(at index: Int) -> Int? {
        guard index >= 0, index < minutes.count else { return nil }
        return AnkiFuzz.wholeDays(truncating: minutes[index] * 60)
    }

    /// The position of a card with `remaining` steps to go: `count − remaining % 1000`, within
    /// the steps.
    private func index(remaining: Int) -> Int {
        let total = minutes.count
        return min(max(total - (remaining % 1000), 0), max(total - 1, 0))
    }

    var isEmpty: Bool { minutes.isEmpty }

    /// The steps a card has left after Again, and a new card before its first answer.
    var remainingAfterAgain: Int { minutes.count }

    /// Again: the first step; `nil` without steps.
    var againSeconds: Int? { seconds(at: 0) }

    /// Hard: the current step, except on the first step: the mean of the first two steps, or
    /// with one step half as long again but at most a day more; past a day, whole days.
    func hardSeconds(remaining: Int) -> Int? {
        let index = index(remaining: remaining)
        guard let current = seconds(at: index) ?? seconds(at: 0) else { return nil }
        guard index == 0 else { return current }
        if let next = seconds(at: 1) {
            return Self.wholeDaysPastADay(Int(UInt32(clamping: current &+ next)) / 2)
        }
        return Self.wholeDaysPastADay(min(current * 3 / 2, current + Self.day))
    }

    /// Good: the next step; `nil` after the last (the card graduates).
    func goodSeconds(remaining: Int) -> Int? { seconds(at: index(remaining: remaining) + 1) }

    /// The steps left after Good.
    func remainingAfterGood(remaining: Int) -> Int { max(minutes.count - (index(remaining: remaining) + 1), 0) }

    /// A wait longer than a day rounded to whole days (`maybe_round_in_days`).
    private static func wholeDaysPastADay(_ seconds: Int) -> Int {
        guard seconds > day else { return seconds }
        return AnkiFuzz.wholeDays(rounding: Float(seconds) / Float(day)) * day
    }
}
