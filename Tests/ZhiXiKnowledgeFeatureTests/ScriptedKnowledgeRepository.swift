import Foundation
import ZhiXiAppTestSupport
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel

/// A library whose answers the test scripts (``ScriptedAnswers``), one script list for the
/// library and one for paths.
struct ScriptedKnowledgeRepository: KnowledgeRepository {
    let libraries: ScriptedAnswers<KnowledgeLibrary>
    let paths: ScriptedAnswers<LearningPathDetail>

    init(libraries: [ScriptedAnswers<KnowledgeLibrary>.Script] = [.init(result: .failure(.unreachable))],
         paths: [ScriptedAnswers<LearningPathDetail>.Script] = [.init(result: .failure(.unreachable))]) {
        self.libraries = ScriptedAnswers(libraries)
        self.paths = ScriptedAnswers(paths)
    }

    var calls: Int { get async { await libraries.calls + paths.calls } }
    var cancelledCalls: [Bool] { get async { await libraries.cancelledCalls + paths.cancelledCalls } }

    func library(now: Date) async throws(RepositoryFailure) -> KnowledgeLibrary {
        try await libraries.next()
    }

    func learningPath(id pathID: String, now: Date) async throws(RepositoryFailure) -> LearningPathDetail {
        try await paths.next()
    }

    /// A library of one base titled `title`, with one path of two lessons.
    static func library(title: String) -> KnowledgeLibrary {
        let path = LearningPath(id: "path-a", knowledgeBaseID: "kb-a", title: "路径", lessonIDs: ["l-1", "l-2"])
        return KnowledgeLibrary(bases: [KnowledgeBaseEntry(base: KnowledgeBase(id: "kb-a", title: title),
                                                           paths: [LearningPathEntry(path: path, lessonCount: 2, studiedLessonCount: 1,
                                                                                     totalMinutes: 20)])],
                                isOffline: false)
    }

    /// A path titled `title` without lessons.
    static func path(title: String) -> LearningPathDetail {
        LearningPathDetail(path: LearningPath(id: "path-a", knowledgeBaseID: "kb-a", title: title), knowledgeBaseTitle: "知识库 A",
                           lessons: [], today: CivilDate(year: 2026, month: 11, day: 29), isOffline: false)
    }
}
