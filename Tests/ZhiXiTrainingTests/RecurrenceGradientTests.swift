import Testing
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler
@testable import ZhiXiTraining

/// A random card: ratings 1–4, elapsed days 0 (same day) or 1–60, loss weights on the
/// reviews that are items (later days).
private struct RandomCard {
    var ratings: [UInt8]
    var elapsed: [Double]
    var weights: [Double]

    init(length: Int, generator: inout SplitMix64) {
        ratings = (0..<length).map { _ in UInt8(1 + generator.next() % 4) }
        elapsed = (0..<length).map { index in
            index == 0 || generator.nextUnitInterval() < 0.25 ? 0 : Double(1 + generator.next() % 60)
        }
        weights = elapsed.map { $0 > 0 ? 0.25 + 0.75 * generator.nextUnitInterval() : 0 }
    }
}

/// Random weights inside fsrs-rs's bounds (away from them, so that no clamp on a weight is
/// active), around the defaults.
private func randomWeights(_ generator: inout SplitMix64) -> [Double] {
    let lower = FSRSParameters.lowerBounds, upper = FSRSParameters.upperBounds()
    return FSRSParameters.defaultWeights.indices.map { index in
        let low = lower[index] + (upper[index] - lower[index]) * 0.02
        let high = min(upper[index] - (upper[index] - lower[index]) * 0.02, max(low * 4, FSRSParameters.defaultWeights[index] * 3 + 0.05))
        return low + (high - low) * generator.nextUnitInterval()
    }
}

private func loss(_ kernel: RecurrenceGradient, _ card: RandomCard, gradient: UnsafeMutablePointer<Double>?) -> Double {
    card.ratings.withUnsafeBufferPointer { ratings in
        card.elapsed.withUnsafeBufferPointer { elapsed in
            card.weights.withUnsafeBufferPointer { weights in
                withUnsafeTemporaryAllocation(of: RecurrenceGradient.Step.self, capacity: card.ratings.count) { steps in
                    kernel.loss(ratings: ratings.baseAddress!, elapsed: elapsed.baseAddress!, weights: weights.baseAddress!,
                                count: card.ratings.count, steps: gradient == nil ? nil : steps.baseAddress!, gradient: gradient)
                }
            }
        }
    }
}

@Suite("Reverse-mode gradient of the FSRS-6 recurrence")
struct RecurrenceGradientTests {
    @Test("the analytic gradient agrees with central finite differences on random weights and histories",
          arguments: 0..<40)
    func finiteDifferences(seed: UInt64) {
        var generator = SplitMix64(seed: 1000 + seed)
        let weights = randomWeights(&generator)
        let card = RandomCard(length: 2 + Int(generator.next() % 14), generator: &generator)
        var gradient = [Double](repeating: 0, count: 21)
        let kernel = RecurrenceGradient(weights: weights)
        let value = gradient.withUnsafeMutableBufferPointer { loss(kernel, card, gradient: $0.baseAddress!) }
        #expect(value == loss(kernel, card, gradient: nil), "the loss is the same with and without the gradient")
        for index in 0..<21 {
            let step = 1e-6 * max(1, abs(weights[index]))
            var plus = weights, minus = weights
            plus[index] += step
            minus[index] -= step
            let numeric = (loss(RecurrenceGradient(weights: plus), card, gradient: nil)
                - loss(RecurrenceGradient(weights: minus), card, gradient: nil)) / (2 * step)
            let scale = max(1e-3, abs(numeric), abs(gradient[index]))
            #expect(abs(numeric - gradient[index]) / scale < 1e-4,
                    "w[\(index)]: analytic \(gradient[index]), numeric \(numeric); card \(card.ratings) \(card.elapsed)")
        }
    }

    @Test("the forward pass is the memory model's: retrievability at every review matches MemoryModel")
    func forwardMatchesMemoryModel() throws {
        var generator = SplitMix64(seed: 77)
        for _ in 0..<50 {
            let weights = randomWeights(&generator)
            let model = try MemoryModel(weights: weights)
            let card = RandomCard(length: 12, generator: &generator)
            var predicted = [Double](repeating: 0, count: 12)
            card.ratings.withUnsafeBufferPointer { ratings in
                card.elapsed.withUnsafeBufferPointer { elapsed in
                    predicted.withUnsafeMutableBufferPointer { output in
                        RecurrenceGradient(weights: weights).retrievabilities(ratings: ratings.baseAddress!, elapsed: elapsed.baseAddress!,
                                                                             count: 12, into: output.baseAddress!)
                    }
                }
            }
            var state: MemoryState?
            for index in 0..<12 {
                if let state, card.elapsed[index] > 0 {
                    let expected = model.retrievability(elapsedDays: card.elapsed[index], stability: state.stability)
                    #expect(abs(predicted[index] - expected) < 1e-12)
                }
                state = model.nextState(after: state, elapsedDays: card.elapsed[index], rating: Rating(rawValue: Int(card.ratings[index]))!)
            }
        }
    }
}

@Suite("Two cards at once: the same losses and gradient to the bit as one card after the other")
struct RecurrenceGradientPairTests {
    @Test("lossOfTwo equals loss of the first then loss of the second, with and without a gradient", arguments: 0..<30)
    func pairEqualsSequence(seed: UInt64) {
        var generator = SplitMix64(seed: 5000 + seed)
        let kernel = RecurrenceGradient(weights: seed == 0 ? FSRSParameters.defaultWeights : randomWeights(&generator))
        // Lengths from 0 (a card with no reviews) to 30, the two usually different.
        let first = RandomCard(length: Int(generator.next() % 31), generator: &generator)
        let second = RandomCard(length: Int(generator.next() % 31), generator: &generator)
        var sequential = [Double](repeating: 0, count: 21)
        let expectedFirst = sequential.withUnsafeMutableBufferPointer { loss(kernel, first, gradient: $0.baseAddress!) }
        let expectedSecond = sequential.withUnsafeMutableBufferPointer { loss(kernel, second, gradient: $0.baseAddress!) }
        var paired = [Double](repeating: 0, count: 21)
        let (lossFirst, lossSecond) = pairLoss(kernel, first, second, gradient: &paired)
        #expect(lossFirst.bitPattern == expectedFirst.bitPattern)
        #expect(lossSecond.bitPattern == expectedSecond.bitPattern)
        #expect(paired.map(\.bitPattern) == sequential.map(\.bitPattern))
        let (plainFirst, plainSecond) = pairLoss(kernel, first, second, gradient: nil)
        #expect(plainFirst.bitPattern == loss(kernel, first, gradient: nil).bitPattern)
        #expect(plainSecond.bitPattern == loss(kernel, second, gradient: nil).bitPattern)
    }
}

private func pairLoss(_ kernel: RecurrenceGradient, _ first: RandomCard, _ second: RandomCard,
                      gradient: UnsafeMutablePointer<Double>?) -> (Double, Double) {
    withCard(first) { one in withCard(second) { two in
        var one = one, two = two
        if gradient == nil { one.steps = nil; two.steps = nil }
        return kernel.lossOfTwo(one, two, gradient: gradient)
    } }
}

private func pairLoss(_ kernel: RecurrenceGradient, _ first: RandomCard, _ second: RandomCard,
                      gradient: inout [Double]) -> (Double, Double) {
    gradient.withUnsafeMutableBufferPointer { pairLoss(kernel, first, second, gradient: $0.baseAddress!) }
}

private func withCard<Result>(_ card: RandomCard, _ body: (RecurrenceGradient.Card) -> Result) -> Result {
    // An empty card still gets valid (never read) pointers.
    let ratings = card.ratings + [1], elapsed = card.elapsed + [0], weights = card.weights + [0]
    return ratings.withUnsafeBufferPointer { ratings in
        elapsed.withUnsafeBufferPointer { elapsed in
            weights.withUnsafeBufferPointer { weights in
                withUnsafeTemporaryAllocation(of: RecurrenceGradient.Step.self, capacity: card.ratings.count + 1) { steps in
                    body(RecurrenceGradient.Card(ratings: ratings.baseAddress!, elapsed: elapsed.baseAddress!,
                                                 weights: weights.baseAddress!, count: card.ratings.count, steps: steps.baseAddress!))
                }
            }
        }
    }
}
