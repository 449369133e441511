import Foundation

/// The faults the test server injects: rules tried in the order they were added, the
/// first that matches a request decides.
///
/// A rule is either a fault for requests of a method and path, a number of times (or
/// always), or a function of the request (for random faults, or faults that depend on the
/// body). Safe to change while the server runs.
package final class FaultPlan: @unchecked Sendable {
    private struct Rule {
        var decide: @Sendable (TestHTTPRequest) -> TestServerFault?
        var remaining: Int?
    }

    private let lock = NSLock()
    private var rules: [Rule] = []
    private var injected = 0

    /// An empty plan: every request is answered normally.
    package init() {}

    /// Injects `fault` into the next `times` requests (`nil`: every request) whose method
    /// and path match (`nil` matches any; the path is without the query, such as
    /// `/api/users/me`).
    package func inject(_ fault: TestServerFault, method: String? = nil, path: String? = nil, times: Int? = 1) {
        add(remaining: times) { request in
            if let method, request.method != method { return nil }
            if let path, request.path != path { return nil }
            return fault
        }
    }

    /// Adds a rule that decides from the request; `nil` lets later rules and the handler
    /// answer. `decide` runs on the server's threads.
    package func add(_ decide: @escaping @Sendable (TestHTTPRequest) -> TestServerFault?) {
        add(remaining: nil, decide)
    }

    /// Removes every rule.
    package func removeAll() {
        lock.lock()
        rules.removeAll()
        lock.unlock()
    }

    /// Faults injected so far.
    package var injectedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return injected
    }

    private func add(remaining: Int?, _ decide: @escaping @Sendable (TestHTTPRequest) -> TestServerFault?) {
        lock.lock()
        rules.append(Rule(decide: decide, remaining: remaining))
        lock.unlock()
    }

    /// The fault for `request`, counting it against its rule.
    func fault(for request: TestHTTPRequest) -> TestServerFault? {
        lock.lock()
        defer { lock.unlock() }
        for index in rules.indices {
            if let remaining = rules[index].remaining, remaining <= 0 { continue }
            if let fault = rules[index].decide(request) {
                if let remaining = rules[index].remaining { rules[index].remaining = remaining - 1 }
                injected += 1
                return fault
            }
        }
        return nil
    }
}
