/// The size of a request's work — days × items × seeds × retentions — checked against
/// ``SimulationRequest/maximumItemDays`` and ``SimulationRequest/maximumSeriesDays`` before
/// anything runs.
package struct SimulationWorkLimit: Sendable, Hashable {
    /// Cards or lessons.
    package var mode: SimulationMode
    /// Days simulated.
    package var spanDays: Int
    /// Cards or lessons simulated.
    package var itemCount: Int
    /// Seeds per retention.
    package var seeds: Int
    /// Retentions.
    package var retentions: Int

    /// Simulated item-days: days × items (at least one) × seeds × retentions.
    package var itemDays: Double { Double(spanDays) * Double(max(1, itemCount)) * Double(seeds) * Double(retentions) }
    /// Days of daily series kept: days × seeds × retentions.
    package var seriesDays: Double { Double(spanDays) * Double(seeds) * Double(retentions) }

    /// Refuses work larger than the limits (the series only when `keepingSeries`).
    ///
    /// - Complexity: O(1).
    /// - Parameters:
    ///   - mode: cards or lessons.
    ///   - spanDays: days simulated.
    ///   - itemCount: cards or lessons simulated.
    ///   - seeds: seeds per retention.
    ///   - retentions: retentions.
    ///   - keepingSeries: whether the runs keep their daily series.
    /// - Throws: ``SimulationRequestError/tooMuchWork(_:)`` or
    ///   ``SimulationRequestError/tooManySeriesDays(_:)``.
    static func check(mode: SimulationMode, spanDays: Int, itemCount: Int, seeds: Int, retentions: Int,
                      keepingSeries: Bool) throws(SimulationRequestError) {
        let work = SimulationWorkLimit(mode: mode, spanDays: spanDays, itemCount: itemCount, seeds: seeds, retentions: retentions)
        if work.itemDays > SimulationRequest.maximumItemDays { throw .tooMuchWork(work) }
        if keepingSeries, work.seriesDays > SimulationRequest.maximumSeriesDays { throw .tooManySeriesDays(work) }
    }
}
