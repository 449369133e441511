import Foundation
import Testing

/// The layers as the app's architecture notes draw them, checked on the sources: the domain
/// imports neither network nor files; a feature imports the domain and the model only, never
/// another feature. (Package.swift declares the same graph; SwiftPM on Linux lets a target
/// import a module built beside it without declaring it, so the sources are checked too.)
@Suite("The app side's layers")
struct LayeringTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let features = ["ZhiXiReviewFeature", "ZhiXiHomeFeature", "ZhiXiAuthFeature", "ZhiXiAnalysisFeature", "ZhiXiReadingFeature",
                           "ZhiXiOnboardingFeature"]

    /// Each Swift file of the target, with its text.
    static func sources(of target: String) throws -> [(name: String, text: String)] {
        let directory = root.appendingPathComponent("Sources").appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { ($0, try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The modules a file imports.
    static func imports(_ text: String) -> Set<String> {
        Set(text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                  words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "internal", "private", "fileprivate"].contains($0) }) else { return nil }
            return String(words[index + 1])
        })
    }

    @Test("the domain imports the model, the core and the standard libraries only, and touches neither network nor files")
    func domainIsPure() throws {
        let files = try Self.sources(of: "ZhiXiDomain")
        #expect(!files.isEmpty)
        for (name, text) in files {
            // ZhiXiLocalization: the one lookup of the learner-facing texts (the pages' wording), which
            // reads the package's own resources; the domain itself still touches no file.
            #expect(Self.imports(text).isSubset(of: ["Foundation", "ZhiXiModel", "ZhiXiCore", "ZhiXiLocalization"]), "\(name): \(Self.imports(text))")
            for word in ["URLSession", "URLRequest", "FileManager", "FileHandle", "AtomicFile", "Data(contentsOf", "fopen", "open("] {
                #expect(!text.contains(word), "\(name) uses \(word)")
            }
        }
    }

    @Test("each feature imports the domain, the model and Observation only; none imports another feature")
    func featuresImportTheDomainOnly() throws {
        for feature in Self.features {
            let files = try Self.sources(of: feature)
            #expect(!files.isEmpty, "\(feature)")
            for (name, text) in files {
                let imported = Self.imports(text)
                #expect(imported.isSubset(of: ["Foundation", "Observation", "ZhiXiDomain", "ZhiXiModel"]), "\(feature)/\(name): \(imported)")
                #expect(imported.isDisjoint(with: Self.features), "\(feature)/\(name) imports a feature")
            }
        }
    }

    @Test("Package.swift: each feature a library product with a test target of its own, depending on the domain and the model")
    func packageGraph() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for feature in Self.features {
            // The products are computed from the exported targets' list.
            let exported = manifest.components(separatedBy: "let exportedTargets = [").dropFirst().first?.components(separatedBy: "]").first ?? ""
            #expect(exported.contains("\"\(feature)\""), "\(feature) is an exported target, so a product")
            #expect(manifest.contains(".target(name: \"\(feature)\", dependencies: [\"ZhiXiDomain\", \"ZhiXiModel\"])"), "\(feature)'s dependencies")
            #expect(manifest.contains(".testTarget(name: \"\(feature)Tests\""), "\(feature) has tests")
        }
        #expect(manifest.contains(".target(name: \"ZhiXiDomain\", dependencies: [\"ZhiXiModel\", \"ZhiXiCore\", \"ZhiXiLocalization\"])"))
    }
}
