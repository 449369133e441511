import Foundation
import ZhiXiApp
import ZhiXiHomeFeature
import ZhiXiModel
import ZhiXiRepositories
import ZhiXiReviewFeature

/// `zhixi-bench pages`: how fast the study home and the review plan open, through
/// `AppContainer`, against the loopback fake API answering every request after
/// `--latency-ms` (100), on the sample learner (`data/sample-workspace.json`).
///
/// - cold: the first launch on a device (nothing kept; signed in before the clock starts);
/// - warm: a relaunch on the same device (the session restored, the workspace kept by the
///   cold run; the background refresh of that run ended before the clock starts).
///
/// For each page and start: the milliseconds and the requests the server received until the
/// first screen (`uiState` is `.success`) and until fresh data (the load returned, nothing
/// refreshing), and the requests of the background refresh that follows. Beside them, the
/// pull the pages ran before this change (`WorkspacePull`, one request after another) on
/// the same server: what a page load used to wait for before it showed anything.
/// Medians of `--runs` (5), min–max beside.
@MainActor
enum PageLoadBenchmark {
    /// One page load's figures.
    struct Load {
        var firstScreenMilliseconds: Double
        var firstScreenRequests: Int
        var freshMilliseconds: Double
        var freshRequests: Int
        var backgroundRequests: Int
        /// The requests to fresh data and after, as `METHOD route` (arrival order).
        var freshRoutes: [String]
        var backgroundRoutes: [String]
    }

    static func run(arguments: [String]) async throws {
        if arguments.contains("--help") || arguments.contains("-h") {
            print("usage: zhixi-bench pages [--latency-ms N (100)] [--runs N (5)] [--routes]")
            return
        }
        let latency = (Double(BenchmarkSupport.option("latency-ms", in: arguments) ?? "") ?? 100) / 1000
        let runs = max(1, Int(BenchmarkSupport.option("runs", in: arguments) ?? "") ?? 5)
        var loads: [String: [Load]] = [:]
        var pulls: [String: [(milliseconds: Double, requests: Int)]] = [:]
        for _ in 0 ..< runs {
            for page in ["home", "plan"] {
                let fixture = try PageLoadFixture()
                defer { fixture.tearDown() }
                fixture.api.server.faults.add { _ in .delay(seconds: latency) }
                let cold = try await fixture.launch()
                await settle(cold, fixture: fixture)
                loads["\(page) cold", default: []].append(try await measure(page: page, in: cold, fixture: fixture))
                let warm = try await fixture.launch()
                await settle(warm, fixture: fixture)
                loads["\(page) warm", default: []].append(try await measure(page: page, in: warm, fixture: fixture))
                if page == "home" {
                    let kept = try await warm.storage.place(forUser: fixture.user.id).cache.read()
                    pulls["cold", default: []].append(try await pull(warm, fixture: fixture, kept: nil))
                    pulls["warm", default: []].append(try await pull(warm, fixture: fixture, kept: kept))
                }
            }
        }
        print("page loads through AppContainer, loopback fake API at \(Int(latency * 1000)) ms per request, sample learner, " +
              "median (min–max) of \(runs) runs")
        print(["page", "start", "first screen ms", "requests", "fresh data ms", "requests", "then in background"].enumerated()
            .map { pad($1, widths[$0]) }.joined(separator: " "))
        for key in ["home cold", "home warm", "plan cold", "plan warm"] {
            let runs = loads[key] ?? []
            let parts = key.split(separator: " ").map(String.init)
            let cells = [parts[0], parts[1], spread(runs.map(\.firstScreenMilliseconds)), counts(runs.map(\.firstScreenRequests)),
                         spread(runs.map(\.freshMilliseconds)), counts(runs.map(\.freshRequests)), counts(runs.map(\.backgroundRequests))]
            print(cells.enumerated().map { pad($1, widths[$0]) }.joined(separator: " "))
        }
        if arguments.contains("--routes") {
            for key in ["home cold", "home warm", "plan cold", "plan warm"] {
                guard let last = loads[key]?.last else { continue }
                print("\(key), to fresh data: \(last.freshRoutes.joined(separator: ", "))")
                print("\(key), then: \(last.backgroundRoutes.isEmpty ? "nothing" : last.backgroundRoutes.joined(separator: ", "))")
            }
        }
        for key in ["cold", "warm"] {
            let runs = pulls[key] ?? []
            print("the former page load's pull (WorkspacePull, \(key == "cold" ? "nothing kept" : "newer than the workspace kept")): " +
                  "\(spread(runs.map(\.milliseconds))) ms, \(counts(runs.map(\.requests))) requests, before anything showed")
        }
    }

    /// One load of `page` in `app`: the clock and the server's count from the load's start.
    static func measure(page: String, in app: AppContainer, fixture: PageLoadFixture) async throws -> Load {
        let server = fixture.api.server
        let start = server.totalRequestCount
        let clock = ContinuousClock()
        let began = clock.now
        var firstScreen: (Duration, Int)?
        let shown: @MainActor () -> Bool
        let loading: Task<Void, Never>
        let refreshing: @MainActor () -> Bool
        if page == "home" {
            let home = app.makeStudyHomeViewModel()
            shown = { if case .success = home.uiState { true } else { false } }
            refreshing = { home.isRefreshing }
            loading = Task { await home.load() }
        } else {
            let plan = app.makeReviewPlanViewModel()
            shown = { if case .success = plan.uiState { true } else { false } }
            refreshing = { plan.isRefreshing }
            loading = Task { await plan.load() }
        }
        var fresh: (Duration, Int)?
        while fresh == nil {
            let isShown = shown()
            if firstScreen == nil, isShown { firstScreen = (clock.now - began, server.totalRequestCount - start) }
            if isShown, !refreshing() {
                fresh = (clock.now - began, server.totalRequestCount - start)
            } else {
                guard clock.now - began < .seconds(60) else { throw BenchmarkError.usage("the \(page) page did not load in 60 s") }
                try? await Task.sleep(nanoseconds: 200_000)
            }
        }
        await loading.value
        guard let fresh, shown(), !refreshing() else { throw BenchmarkError.usage("the \(page) page did not load: is the fake API up?") }
        await app.reviews.backgroundRefreshesEnded()
        let background = server.totalRequestCount - start - fresh.1
        let routes = server.receivedRequests.dropFirst(start).map { "\($0.method) \($0.route)" }
        guard let firstScreen else { throw BenchmarkError.usage("no first screen") }
        return Load(firstScreenMilliseconds: milliseconds(firstScreen.0), firstScreenRequests: firstScreen.1,
                    freshMilliseconds: milliseconds(fresh.0), freshRequests: fresh.1, backgroundRequests: background,
                    freshRoutes: Array(routes.prefix(fresh.1)), backgroundRoutes: Array(routes.dropFirst(fresh.1)))
    }

    /// The pull the pages waited for before this change, on `app`'s services.
    static func pull(_ app: AppContainer, fixture: PageLoadFixture, kept: LearnerWorkspace?) async throws -> (milliseconds: Double, requests: Int) {
        let start = fixture.api.server.totalRequestCount
        let clock = ContinuousClock()
        let began = clock.now
        _ = try await WorkspacePull(services: app.services).fetch(newerThan: kept)
        return (milliseconds(clock.now - began), fixture.api.server.totalRequestCount - start)
    }

    /// Lets the launch's own requests (the session's check) end before a measurement.
    static func settle(_ app: AppContainer, fixture: PageLoadFixture) async {
        var last = -1
        while last != fixture.api.server.totalRequestCount {
            last = fixture.api.server.totalRequestCount
            try? await Task.sleep(nanoseconds: 300_000_000)
        }
        await app.reviews.backgroundRefreshesEnded()
    }

    /// The columns' widths.
    static let widths = [5, 6, 20, 9, 20, 9, 0]

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// `median (min–max)` of milliseconds, one decimal.
    static func spread(_ values: [Double]) -> String {
        guard let low = values.min(), let high = values.max() else { return "-" }
        return String(format: "%.1f (%.1f–%.1f)", BenchmarkSupport.median(values), low, high)
    }

    /// One count, or `median (min–max)` when the runs differ.
    static func counts(_ values: [Int]) -> String {
        guard let low = values.min(), let high = values.max() else { return "-" }
        if low == high { return "\(low)" }
        return "\(Int(BenchmarkSupport.median(values.map(Double.init)))) (\(low)–\(high))"
    }
}
