/// A gate a test holds calls at: each ``pass()`` waits until the test calls ``open()``, and
/// ``waitForArrivals(_:)`` lets the test know a call is held, without sleeping.
public actor AsyncGate {
    private var isOpen = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var arrived = 0
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// A closed gate.
    public init() {}

    /// Calls that reached the gate so far.
    public var arrivals: Int { arrived }

    /// Waits until the gate is open (at once when it is).
    public func pass() async {
        arrived += 1
        let ready = watchers.filter { $0.count <= arrived }
        watchers.removeAll { $0.count <= arrived }
        for watcher in ready { watcher.continuation.resume() }
        guard !isOpen else { return }
        await withCheckedContinuation { held.append($0) }
    }

    /// Opens the gate: every call held goes on, and later ones pass at once.
    public func open() {
        isOpen = true
        for continuation in held { continuation.resume() }
        held.removeAll()
    }

    /// Returns once `count` calls have reached the gate in all.
    public func waitForArrivals(_ count: Int) async {
        guard arrived < count else { return }
        await withCheckedContinuation { watchers.append((count, $0)) }
    }
}
