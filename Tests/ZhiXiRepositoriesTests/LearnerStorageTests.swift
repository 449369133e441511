import Foundation
import Testing
import ZhiXiDomain
import ZhiXiModel
import ZhiXiRepositories

@Suite("The learners' files on the device")
struct LearnerStorageTests {
    static func root() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("zhixi-storage-\(UUID().uuidString)", isDirectory: true)
    }

    @Test("one private directory per learner, named from the id's bytes (an id cannot climb out)")
    func perLearner() throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let storage = LearnerStorage(root: root)
        let first = try storage.place(forUser: "user-1")
        let climber = try storage.place(forUser: "../../etc")
        #expect(first.directory.lastPathComponent == "757365722d31")
        #expect(climber.directory.deletingLastPathComponent().path == root.appendingPathComponent("users").path)
        #expect(first.directory != climber.directory)
        let mode = try FileManager.default.attributesOfItem(atPath: first.directory.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o700)
        #expect(try storage.place(forUser: "user-1").directory == first.directory)
    }

    @Test("the cached workspace: written whole (0600), read back by a new storage; an unreadable file counts as absent")
    func cache() async throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let place = try LearnerStorage(root: root).place(forUser: "u")
        #expect(try await place.cache.read() == nil)
        let nothing = try await place.cache.update { _ in }
        #expect(nothing == nil && !FileManager.default.fileExists(atPath: place.cache.fileURL.path))

        let workspace = LearnerWorkspace(profile: UserLearningProfile(userID: "u"), lessons: [Lesson(id: "l", title: "向量", estimatedMinutes: 20)])
        try await place.cache.update { $0 = workspace }
        let mode = try FileManager.default.attributesOfItem(atPath: place.cache.fileURL.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let again = try LearnerStorage(root: root).place(forUser: "u")
        #expect(try await again.cache.read() == workspace)

        try Data("{not json".utf8).write(to: place.cache.fileURL)
        #expect(try await LearnerStorage(root: root).place(forUser: "u").cache.read() == nil)
    }
}

@Suite("Each learner's reading on the device")
struct LearnerReadingStorageTests {
    @Test("the one rule of a learner's directory; positions and the reading queue inside it; the shared positions file of old removed")
    func readingFilesPerLearner() throws {
        let root = LearnerStorageTests.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let storage = LearnerStorage(root: root)
        #expect(storage.directory(forUser: "user-1") == root.appendingPathComponent("users/757365722d31", isDirectory: true))
        #expect(storage.directory(forUser: "").lastPathComponent == "-")
        let place = try storage.place(forUser: "user-1")
        #expect(place.directory == storage.directory(forUser: "user-1"))
        #expect(place.positions.fileURL == place.directory.appendingPathComponent("reading-positions.json"))
        #expect(place.readingQueueDirectory == place.directory.appendingPathComponent("reading-queue", isDirectory: true))
        let other = try storage.place(forUser: "user-2")
        #expect(other.positions.fileURL != place.positions.fileURL)

        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("{\"positions\": []}".utf8).write(to: root.appendingPathComponent("reading-positions.json"))
        #expect(storage.removeSharedReadingPositions())
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("reading-positions.json").path))
        #expect(!storage.removeSharedReadingPositions())
    }
}
