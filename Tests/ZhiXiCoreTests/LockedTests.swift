import Dispatch
import Testing
import ZhiXiCore

@Suite("Locked: a value changed only under its lock")
struct LockedTests {
    @Test("increments from many threads at once are all kept")
    func concurrentIncrements() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0 ..< 10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.current == 80_000)
    }

    @Test("withLock returns what its body returns, and a thrown error leaves the change made before it")
    func resultsAndErrors() {
        struct Refused: Error {}
        let names = Locked<[String]>([])
        let count = names.withLock { names -> Int in
            names.append("a")
            return names.count
        }
        #expect(count == 1)
        #expect(throws: Refused.self) {
            try names.withLock { (names) throws(Refused) -> Void in
                names.append("b")
                throw Refused()
            }
        }
        #expect(names.current == ["a", "b"])
    }
}
