// swift-tools-version: 6.0
//
// ZhiXi Review: the spaced-repetition scheduling engine of the ZhiXi (知习) learning app.
// Dependencies run one way only: docs/ARCHITECTURE.md draws the graph and says what each
// target holds; the lists below are its exact form. Not products, never used by release
// code: Tests/ZhiXiTestServer (the loopback server: the tests', the benchmarks' and
// zhixi-fake-api's) and Tests/ZhiXiAppTestSupport (test support only: no executable uses it).
// No package outside the Swift toolchain is used.
import PackageDescription

// Exported targets: a product each and a public API, every public declaration documented
// (docs/ARCHITECTURE.md, "Exported and hidden targets"). The engine is one import,
// ZhiXiReviewEngine, whose file re-exports the names a user needs; the engine targets under it,
// exported too as swift-collections exports its modules beside `Collections`, keep public only
// those names, their members and the types their signatures use; the app
// side is what an app's SwiftUI views show and drive: the container (ZhiXiApp), each page's
// view model, and the domain models. Every other target is hidden: its declarations are
// `package` (visible to this package's targets and tests, not to users) unless an exported
// declaration names them, and it is no product.
let exportedTargets = [
    "ZhiXiReviewEngine", "ZhiXiMemory", "ZhiXiScheduler", "ZhiXiPlanner", "ZhiXiSimulation", "ZhiXiTraining", "ZhiXiModel",
    "ZhiXiReviewFeature", "ZhiXiHomeFeature", "ZhiXiAuthFeature", "ZhiXiAnalysisFeature", "ZhiXiChatFeature",
    "ZhiXiKnowledgeFeature", "ZhiXiFeedbackFeature", "ZhiXiProgressFeature", "ZhiXiReadingFeature", "ZhiXiOnboardingFeature",
    "ZhiXiApp", "ZhiXiAppPreview",
]

let package = Package(
    name: "zhixi-review",
    // The base language of the learner-facing texts (ZhiXiLocalization's files): every key is
    // in its files, and any language without a file, or a file without a key, falls back to it.
    defaultLocalization: "zh-Hans",
    platforms: [.macOS(.v14), .iOS(.v17)],
    // The products are the exported targets (`exportedTargets` above) and the two commands.
    products: exportedTargets.map { .library(name: $0, targets: [$0]) } + [
        .executable(name: "zhixi-review", targets: ["zhixi-review"]),
        .executable(name: "zhixi-bench", targets: ["ZhiXiBenchmarks"]),
    ],
    targets: [
        // Civil dates, UTF-8 text writers (digits, ISO-8601, JSON strings) and atomic file
        // writes: the one home of what every layer formats or keeps. No domain knowledge.
        .target(name: "ZhiXiCore"),
        // Outputs written whole or not at all (atomic replace, streams in place, everything
        // else refused), inputs read with a limit, bounded lock waits, private directories.
        .target(name: "ZhiXiFileSystem"),
        // The learner-facing texts as files, one folder per language (zh-Hans the base, en beside
        // it), and the one lookup of them: sentences by key, plural rules, dates, numbers, the
        // learner's language. Foundation (Bundle.module, property lists) and the core only.
        .target(name: "ZhiXiLocalization", dependencies: ["ZhiXiCore"], resources: [.process("Resources")]),
        // Domain entities and their JSON contract. Knows nothing of scheduling, storage or network.
        .target(name: "ZhiXiModel", dependencies: ["ZhiXiCore", "ZhiXiLocalization"]),
        // FSRS-6 maths and the SM-2 baseline. Standard library and platform maths only.
        .target(name: "ZhiXiMemory"),
        // Card scheduler: states, steps, fuzz, load balancing, study days. No I/O, no lessons.
        .target(name: "ZhiXiScheduler", dependencies: ["ZhiXiMemory", "ZhiXiCore"]),
        // Review planner: sessions and analyses → typed, dated, budgeted review tasks. No I/O.
        .target(name: "ZhiXiPlanner", dependencies: ["ZhiXiScheduler", "ZhiXiMemory", "ZhiXiModel", "ZhiXiCore", "ZhiXiLocalization"]),
        // Card and ZhiXi-mode simulators, retention sweep and optimum. No I/O.
        .target(name: "ZhiXiSimulation", dependencies: ["ZhiXiPlanner", "ZhiXiScheduler", "ZhiXiMemory", "ZhiXiModel", "ZhiXiCore"]),
        // The system's zlib (raw inflate, CRC-32): a module map and a shim header, linked as -lz.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // Containers, read in memory with a limit on what they expand to: Zstandard frames
        // (pure Swift) and zip archives (stored, deflate through CZlib). No files, no paths.
        .target(name: "ZhiXiArchive", dependencies: ["CZlib", "ZhiXiCore"]),
        // Review-log import, datasets, the parameter optimizer and evaluation.
        .target(name: "ZhiXiTraining", dependencies: ["ZhiXiCore", "ZhiXiLocalization", "ZhiXiMemory", "ZhiXiModel", "ZhiXiScheduler", "ZhiXiPlanner"]),
        // The engine's surface: one file that re-exports, name by name, the types a newcomer needs
        // from the memory model, scheduler, planner, simulator and optimizer. No code of its own.
        .target(name: "ZhiXiReviewEngine",
                dependencies: ["ZhiXiMemory", "ZhiXiScheduler", "ZhiXiModel", "ZhiXiPlanner", "ZhiXiSimulation", "ZhiXiTraining"]),
        // The system's SQLite (libsqlite3) on Linux; Apple platforms use the SDK's SQLite3 module.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // Anki's files read as Anki reads them: a live collection.anki2 (its write-ahead log applied in
        // memory, never opened with SQLite), .colpkg and .apkg packages; decks, presets, cards, revlog.
        .target(name: "ZhiXiAnki",
                dependencies: ["ZhiXiCore", "ZhiXiFileSystem", "ZhiXiArchive", .target(name: "CSQLite", condition: .when(platforms: [.linux]))]),
        // The API client: endpoints, errors, bearer tokens, one shared refresh on a 401, retries.
        .target(name: "ZhiXiNetwork", dependencies: ["ZhiXiModel", "ZhiXiCore"]),
        // Secure stores, the token store, the auth service and the app session.
        .target(name: "ZhiXiAuth", dependencies: ["ZhiXiNetwork", "ZhiXiModel", "ZhiXiCore", "ZhiXiFileSystem"]),
        // Reading runtime, session manager, durable upload queue, continue learning, position restore.
        .target(name: "ZhiXiReading", dependencies: ["ZhiXiNetwork", "ZhiXiModel", "ZhiXiCore", "ZhiXiFileSystem", "ZhiXiLocalization"]),
        // The services of the app's API, a folder each (Review, Learning, AI, Knowledge, Profile,
        // Feedback, Analytics): review tasks and their durable outbox, learning sessions, the AI's
        // analyses and chat, knowledge bases, the profile and onboarding, feedback, the analysis
        // page's figures. One target: they share the client and the model, and nothing else.
        .target(name: "ZhiXiServices", dependencies: ["ZhiXiNetwork", "ZhiXiModel", "ZhiXiCore", "ZhiXiFileSystem"]),
        // The app side, as the app's architecture notes draw it: App → feature → domain → model.
        // Repository protocols and use cases, the learner-facing wording; pure Swift: the model
        // and the core's value types only, neither network nor files.
        .target(name: "ZhiXiDomain", dependencies: ["ZhiXiModel", "ZhiXiCore", "ZhiXiLocalization"]),
        // The domain's repositories, offline first: the services, the planner and the learner's
        // files on the device (the cached workspace, the review-task outbox); the pull.
        .target(name: "ZhiXiRepositories",
                dependencies: ["ZhiXiDomain", "ZhiXiModel", "ZhiXiCore", "ZhiXiFileSystem", "ZhiXiScheduler", "ZhiXiPlanner", "ZhiXiNetwork", "ZhiXiAuth",
                               "ZhiXiReading", "ZhiXiServices"]),
        // One target per page: its view models and UiState; the domain and the model only.
        .target(name: "ZhiXiReviewFeature", dependencies: ["ZhiXiDomain", "ZhiXiModel"]),
        .target(name: "ZhiXiHomeFeature", dependencies: ["ZhiXiDomain", "ZhiXiModel"]),
        .target(name: "ZhiXiAuthFeature", dependencies: ["ZhiXiDomain", "ZhiXiModel"]),
        .target(name: "ZhiXiAnalysisFeature", dependencies: ["ZhiXiDomain", "ZhiXiModel"]),
        .target(name: "ZhiXiChatFeature", dependencies: ["ZhiXiDomain", "ZhiXiModel"]),
        .target(name: "ZhiXiKnowledgeFeature", dependencies: ["ZhiXiDomain", "ZhiXiModel"]),
        .target(name: "ZhiXiFeedbackFeature", dependencies: ["ZhiXiDomain", "ZhiXiModel"]),
        .target(name: "ZhiXiProgressFeature", dependencies: ["ZhiXiDomain", "ZhiXiModel"]),
        .target(name: "ZhiXiReadingFeature", dependencies: ["ZhiXiDomain", "ZhiXiModel"]),
        .target(name: "ZhiXiOnboardingFeature", dependencies: ["ZhiXiDomain", "ZhiXiModel"]),
        // The composition root: AppContainer wires the repositories into the pages' view models;
        // the app's lifecycle (scenePhase, the network monitor); the demo (debug builds only).
        .target(name: "ZhiXiApp",
                dependencies: ["ZhiXiReviewFeature", "ZhiXiHomeFeature", "ZhiXiAuthFeature", "ZhiXiAnalysisFeature", "ZhiXiReadingFeature",
                               "ZhiXiOnboardingFeature", "ZhiXiRepositories", "ZhiXiDomain", "ZhiXiModel", "ZhiXiPlanner", "ZhiXiNetwork",
                               "ZhiXiAuth", "ZhiXiReading", "ZhiXiServices",
                               "ZhiXiChatFeature", "ZhiXiKnowledgeFeature", "ZhiXiFeedbackFeature", "ZhiXiProgressFeature"]),
        // Previews and the app team's UI tests, never release code: every page's view model in
        // each of its states on the sample learner, over in-memory services (no network). A
        // product, so that an Xcode project's previews import it (`PreviewGallery`).
        .target(name: "ZhiXiAppPreview",
                dependencies: ["ZhiXiReviewFeature", "ZhiXiHomeFeature", "ZhiXiAuthFeature", "ZhiXiAnalysisFeature", "ZhiXiChatFeature",
                               "ZhiXiOnboardingFeature", "ZhiXiReadingFeature",
                               "ZhiXiKnowledgeFeature", "ZhiXiFeedbackFeature", "ZhiXiProgressFeature", "ZhiXiRepositories", "ZhiXiDomain",
                               "ZhiXiModel", "ZhiXiCore", "ZhiXiPlanner", "ZhiXiNetwork", "ZhiXiReading", "ZhiXiServices"],
                resources: [.copy("Resources/sample-workspace.json")]),
        // The commands of `zhixi-review`: argument parsing, file I/O, formatting.
        .target(
            name: "ZhiXiReviewCLI",
            dependencies: ["ZhiXiCore", "ZhiXiLocalization", "ZhiXiModel", "ZhiXiMemory", "ZhiXiScheduler", "ZhiXiPlanner", "ZhiXiSimulation", "ZhiXiTraining",
                           "ZhiXiAnki", "ZhiXiNetwork", "ZhiXiAuth", "ZhiXiReading", "ZhiXiServices", "ZhiXiFileSystem", "ZhiXiRepositories"]
        ),
        .executableTarget(name: "zhixi-review", dependencies: ["ZhiXiReviewCLI"]),
        .executableTarget(
            name: "ZhiXiBenchmarks",
            dependencies: ["ZhiXiCore", "ZhiXiModel", "ZhiXiMemory", "ZhiXiScheduler", "ZhiXiPlanner", "ZhiXiSimulation", "ZhiXiTraining",
                           "ZhiXiAnki", "ZhiXiArchive", "ZhiXiNetwork", "ZhiXiReading", "ZhiXiTestServer", "ZhiXiApp", "ZhiXiAppPreview", "ZhiXiAuth",
                           "ZhiXiDomain", "ZhiXiRepositories", "ZhiXiReviewFeature", "ZhiXiHomeFeature"],
            path: "Benchmarks/ZhiXiBenchmarks"
        ),
        // Test support only: a loopback HTTP/1.1 server playing the app's API, faults on demand.
        // Test support shared by the test targets: fresh temporary directories, the built
        // executables' path, the end-to-end tag. Foundation and Testing only.
        .target(name: "ZhiXiTestSupport", path: "Tests/ZhiXiTestSupport"),
        .target(name: "ZhiXiTestServer",
                dependencies: ["ZhiXiCore", "ZhiXiModel", "ZhiXiNetwork", "ZhiXiReading", "ZhiXiPlanner", "ZhiXiServices"],
                path: "Tests/ZhiXiTestServer"),
        // The same fake API as a process (`swift run zhixi-fake-api`), to try `zhixi-review auth`.
        .executableTarget(name: "zhixi-fake-api", dependencies: ["ZhiXiTestServer", "ZhiXiModel", "ZhiXiCore"], path: "Tests/ZhiXiFakeAPIServer"),
        .testTarget(name: "ZhiXiCoreTests", dependencies: ["ZhiXiCore"]),
        // The languages' files (every key of the base in every language, same blanks), the
        // lookup, the learner's language; a pseudo-language from this target's own resources
        // through the planner, a page and a report, with no change to the libraries.
        .testTarget(name: "ZhiXiLocalizationTests",
                    dependencies: ["ZhiXiLocalization", "ZhiXiCore", "ZhiXiModel", "ZhiXiPlanner", "ZhiXiDomain", "ZhiXiReviewFeature",
                                   "ZhiXiReviewCLI", "ZhiXiSimulation", "ZhiXiAppTestSupport", "ZhiXiTestSupport"],
                    exclude: ["make-pseudo-language.py"], resources: [.process("PseudoLanguage")]),
        .testTarget(name: "ZhiXiFileSystemTests", dependencies: ["ZhiXiTestSupport", "ZhiXiFileSystem"]),
        .testTarget(name: "ZhiXiModelTests", dependencies: ["ZhiXiModel", "ZhiXiCore"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ZhiXiMemoryTests",
            dependencies: ["ZhiXiMemory"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ZhiXiSchedulerTests",
            dependencies: ["ZhiXiScheduler", "ZhiXiMemory", "ZhiXiCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "ZhiXiPlannerTests", dependencies: ["ZhiXiPlanner", "ZhiXiScheduler", "ZhiXiMemory", "ZhiXiModel", "ZhiXiCore"]),
        .testTarget(name: "ZhiXiArchiveTests", dependencies: ["ZhiXiArchive", "CZlib", "ZhiXiTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ZhiXiReviewEngineTests", dependencies: ["ZhiXiReviewEngine"]),
        .testTarget(name: "ZhiXiTrainingTests", dependencies: ["ZhiXiTraining", "ZhiXiPlanner", "ZhiXiScheduler", "ZhiXiModel", "ZhiXiCore"]),
        .testTarget(name: "ZhiXiAnkiTests",
                    dependencies: ["ZhiXiAnki", "ZhiXiTestSupport", .target(name: "CSQLite", condition: .when(platforms: [.linux]))],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ZhiXiNetworkTests", dependencies: ["ZhiXiTestSupport", "ZhiXiNetwork", "ZhiXiModel", "ZhiXiTestServer", "ZhiXiReading"]),
        .testTarget(name: "ZhiXiAuthTests", dependencies: ["ZhiXiTestSupport", "ZhiXiAuth", "ZhiXiNetwork", "ZhiXiModel", "ZhiXiTestServer"]),
        .testTarget(name: "ZhiXiReadingTests", dependencies: ["ZhiXiTestSupport", "ZhiXiReading", "ZhiXiNetwork", "ZhiXiModel", "ZhiXiTestServer", "ZhiXiFileSystem",
                                                         "ZhiXiCore", "zhixi-review"]),
        .testTarget(
            name: "ZhiXiSimulationTests",
            dependencies: ["ZhiXiSimulation", "ZhiXiPlanner", "ZhiXiScheduler", "ZhiXiMemory", "ZhiXiModel", "ZhiXiCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ZhiXiReviewCLITests",
            dependencies: ["ZhiXiTestSupport", "ZhiXiReviewCLI", "ZhiXiCore", "ZhiXiModel", "ZhiXiScheduler", "ZhiXiPlanner", "ZhiXiTestServer", "ZhiXiReading",
                           "ZhiXiNetwork", "ZhiXiServices", "ZhiXiFileSystem", "zhixi-review"],
            exclude: ["Fixtures"]
        ),
        // The services against the loopback server, and the review-task outbox.
        .testTarget(
            name: "ZhiXiServiceTests",
            dependencies: ["ZhiXiTestSupport", "ZhiXiCore", "ZhiXiModel", "ZhiXiNetwork", "ZhiXiAuth", "ZhiXiTestServer", "ZhiXiServices"]
        ),
        // Test support of the app side: the app (AppContainer) against the loopback server with the
        // sample learner seeded, observation logs, gates, scripted repositories and sessions.
        .target(name: "ZhiXiAppTestSupport",
                dependencies: ["ZhiXiApp", "ZhiXiDomain", "ZhiXiModel", "ZhiXiCore", "ZhiXiAuth", "ZhiXiNetwork", "ZhiXiTestServer",
                               "ZhiXiTestSupport"],
                path: "Tests/ZhiXiAppTestSupport"),
        .testTarget(name: "ZhiXiDomainTests", dependencies: ["ZhiXiDomain", "ZhiXiModel", "ZhiXiCore", "ZhiXiAppTestSupport"]),
        .testTarget(name: "ZhiXiRepositoriesTests",
                    dependencies: ["ZhiXiRepositories", "ZhiXiDomain", "ZhiXiModel", "ZhiXiCore", "ZhiXiPlanner", "ZhiXiNetwork",
                                   "ZhiXiServices", "ZhiXiAppTestSupport"]),
        .testTarget(name: "ZhiXiReviewFeatureTests",
                    dependencies: ["ZhiXiReviewFeature", "ZhiXiDomain", "ZhiXiModel", "ZhiXiCore", "ZhiXiPlanner", "ZhiXiApp",
                                   "ZhiXiAppTestSupport", "ZhiXiTestServer"]),
        .testTarget(name: "ZhiXiHomeFeatureTests",
                    dependencies: ["ZhiXiHomeFeature", "ZhiXiDomain", "ZhiXiModel", "ZhiXiCore", "ZhiXiReading", "ZhiXiApp",
                                   "ZhiXiAppTestSupport", "ZhiXiTestServer"]),
        .testTarget(name: "ZhiXiAuthFeatureTests",
                    dependencies: ["ZhiXiAuthFeature", "ZhiXiDomain", "ZhiXiModel", "ZhiXiAuth", "ZhiXiNetwork", "ZhiXiRepositories", "ZhiXiApp",
                                   "ZhiXiAppTestSupport", "ZhiXiTestServer"]),
        .testTarget(name: "ZhiXiAnalysisFeatureTests",
                    dependencies: ["ZhiXiAnalysisFeature", "ZhiXiDomain", "ZhiXiModel", "ZhiXiApp", "ZhiXiAppTestSupport", "ZhiXiTestServer"]),
        .testTarget(name: "ZhiXiChatFeatureTests",
                    dependencies: ["ZhiXiChatFeature", "ZhiXiDomain", "ZhiXiModel", "ZhiXiApp", "ZhiXiAppTestSupport", "ZhiXiTestServer",
                                   "ZhiXiServices", "ZhiXiNetwork", "ZhiXiRepositories", "ZhiXiKnowledgeFeature", "ZhiXiFeedbackFeature",
                                   "ZhiXiProgressFeature"]),
        .testTarget(name: "ZhiXiKnowledgeFeatureTests",
                    dependencies: ["ZhiXiKnowledgeFeature", "ZhiXiDomain", "ZhiXiModel", "ZhiXiCore", "ZhiXiPlanner", "ZhiXiApp",
                                   "ZhiXiAppTestSupport", "ZhiXiTestServer"]),
        .testTarget(name: "ZhiXiFeedbackFeatureTests",
                    dependencies: ["ZhiXiFeedbackFeature", "ZhiXiDomain", "ZhiXiModel", "ZhiXiApp", "ZhiXiAppTestSupport", "ZhiXiTestServer"]),
        .testTarget(name: "ZhiXiProgressFeatureTests",
                    dependencies: ["ZhiXiProgressFeature", "ZhiXiDomain", "ZhiXiModel", "ZhiXiCore", "ZhiXiApp", "ZhiXiRepositories",
                                   "ZhiXiAppTestSupport", "ZhiXiTestServer"]),
        .testTarget(name: "ZhiXiAppPreviewTests",
                    dependencies: ["ZhiXiAppPreview", "ZhiXiOnboardingFeature", "ZhiXiReadingFeature", "ZhiXiReviewFeature", "ZhiXiHomeFeature", "ZhiXiAuthFeature", "ZhiXiAnalysisFeature",
                                   "ZhiXiChatFeature", "ZhiXiKnowledgeFeature", "ZhiXiFeedbackFeature", "ZhiXiProgressFeature",
                                   "ZhiXiDomain", "ZhiXiModel", "ZhiXiCore", "ZhiXiAppTestSupport"]),
        .testTarget(name: "ZhiXiReadingFeatureTests",
                    dependencies: ["ZhiXiReadingFeature", "ZhiXiDomain", "ZhiXiModel", "ZhiXiApp", "ZhiXiAppTestSupport", "ZhiXiTestServer",
                                   "ZhiXiReading"]),
        .testTarget(name: "ZhiXiOnboardingFeatureTests",
                    dependencies: ["ZhiXiOnboardingFeature", "ZhiXiDomain", "ZhiXiModel", "ZhiXiApp", "ZhiXiAppTestSupport", "ZhiXiTestServer"]),
        // The whole app through AppContainer against the loopback server: the lifecycle, the
        // learners' own data, the demo, the end-to-end run of the issue.
        .testTarget(name: "ZhiXiAppTests",
                    dependencies: ["ZhiXiApp", "ZhiXiAppTestSupport", "ZhiXiTestServer", "ZhiXiDomain", "ZhiXiModel", "ZhiXiReading",
                                   "ZhiXiRepositories", "ZhiXiAuth", "ZhiXiReviewFeature", "ZhiXiHomeFeature", "ZhiXiAuthFeature",
                                   "ZhiXiReadingFeature", "ZhiXiOnboardingFeature", "ZhiXiAnalysisFeature", "ZhiXiChatFeature",
                                   "ZhiXiFeedbackFeature", "ZhiXiKnowledgeFeature", "ZhiXiProgressFeature"]),
        // The JSON contract with the app's design: a golden JSON per type, the services against the loopback server.
        .testTarget(
            name: "ZhiXiContractTests",
            dependencies: ["ZhiXiCore", "ZhiXiModel", "ZhiXiNetwork", "ZhiXiAuth", "ZhiXiReading", "ZhiXiTestServer", "ZhiXiServices"],
            resources: [.copy("Golden")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// CI's release-mode run of the engine's tests (.ci/run) builds the engine's test targets and what
// they depend on, not the whole package: with ZHIXI_ENGINE_TESTS_ONLY set, only those targets
// are kept, and no product. Nothing else reads this variable.
if Context.environment["ZHIXI_ENGINE_TESTS_ONLY"] != nil {
    let engineTests = ["ZhiXiMemoryTests", "ZhiXiSchedulerTests", "ZhiXiPlannerTests", "ZhiXiSimulationTests", "ZhiXiTrainingTests"]
    let targetsByName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var kept = Set<String>()
    var pending = engineTests
    while let name = pending.popLast() {
        guard kept.insert(name).inserted, let target = targetsByName[name] else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            default: break
            }
        }
    }
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll()
}
