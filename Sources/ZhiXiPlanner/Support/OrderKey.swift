/// A sort key of a task: three fields compared in turn, then the task's position (so the
/// order is total and the same on every run).
struct OrderKey: Comparable, Sendable {
    var first: Int64
    var second: UInt64
    var third: UInt64
    var index: Int32

    static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        (lhs.first, lhs.second, lhs.third, lhs.index) < (rhs.first, rhs.second, rhs.third, rhs.index)
    }
}
