import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReading

/// The sample learner the previews show: 林晓 of `data/sample-workspace.json` (bundled with this
/// module), 29 November 2026 at 09:00 in Shanghai, her time zone.
package enum PreviewSample {
    /// The previews' clock: 2026-11-29T01:00:00Z (09:00 in Shanghai; study days start at 04:00).
    package static let now = ISO8601Timestamp.date(from: "2026-11-29T01:00:00Z")!

    /// The sample learner's workspace, as the bundled file holds it.
    package static var workspace: LearnerWorkspace { loaded.workspace }

    /// The sample learner.
    package static var user: User { loaded.user }

    /// The reading material the sample learner is part-way through: the server keeps her at
    /// 42 %, page 7 (``readingProgress``).
    package static let readingMaterial = ReadingMaterial(materialID: "source-matrix-notes", kind: .knowledgeSource,
                                                        title: "矩阵乘法讲义")
    /// A reading material the sample learner has not started (the server says `not_started`).
    package static let newReadingMaterial = ReadingMaterial(materialID: "source-eigen-notes", kind: .knowledgeSource,
                                                           title: "特征值与特征向量讲义")

    /// What the server keeps of the sample learner's reading, by material.
    package static var readingProgress: [String: ReadingProgress] {
        [readingMaterial.materialID: ReadingProgress(materialID: readingMaterial.materialID, readingTargetType: .knowledgeSource,
                                                     status: .inProgress, lastPosition: ReadingPosition(progress: 0.42, pageIndex: 7),
                                                     lastProgress: 0.42, updatedAt: now.addingTimeInterval(-86_400)),
         newReadingMaterial.materialID: ReadingProgress(materialID: newReadingMaterial.materialID, readingTargetType: .knowledgeSource,
                                                        status: .notStarted)]
    }

    /// The bundled file's bytes: `data/sample-workspace.json` as the package ships it.
    package static func fileData() throws -> Data {
        guard let url = Bundle.module.url(forResource: "sample-workspace", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "sample-workspace.json in the ZhiXiAppPreview bundle"])
        }
        return try Data(contentsOf: url)
    }

    private static let loaded: (workspace: LearnerWorkspace, user: User) = {
        // The file ships with the module; it not reading is a broken build, not a state to show.
        let workspace = try! LearnerWorkspace(jsonData: try! fileData())
        let user = workspace.user ?? User(id: workspace.profile.userID, appleUserID: "apple-preview", displayName: "林晓",
                                          onboardingCompleted: true, createdAt: now)
        return (workspace, user)
    }()
}
