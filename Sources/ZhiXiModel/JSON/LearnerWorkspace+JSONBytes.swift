import Foundation
import ZhiXiCore

extension LearnerWorkspace {
    /// Decodes a workspace from UTF-8 JSON, many times faster than `JSONDecoder` and with
    /// identical results: the input path of `zhixi-review plan`.
    ///
    /// Reads the bytes once, straight into the model types, without an intermediate tree;
    /// O(size of `jsonData`) time and no memory beyond the workspace itself. A leading
    /// UTF-8 byte order mark is skipped.
    ///
    /// - Throws: ``WorkspaceDecodingError`` naming the line, the column and the JSON path
    ///   of the first problem, for malformed JSON and for values of the wrong shape alike, and
    ///   for a key that appears twice in one object (see `JSONDuplicateKeyScanner` in ZhiXiCore).
    public init(jsonData: Data) throws(WorkspaceDecodingError) {
        let result = jsonData.withUnsafeBytes { Self.decodeResult(from: $0) }
        self = try result.get()
    }

    /// Decodes a workspace from the UTF-8 JSON in `jsonBytes`; see ``init(jsonData:)``.
    ///
    /// The bytes are only read during the call; nothing refers to them afterwards.
    public init(jsonBytes: UnsafeRawBufferPointer) throws(WorkspaceDecodingError) {
        self = try Self.decodeResult(from: jsonBytes).get()
    }

    /// Decodes `bytes`, returning the workspace or the located error.
    private static func decodeResult(
        from bytes: UnsafeRawBufferPointer
    ) -> Result<LearnerWorkspace, WorkspaceDecodingError> {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            return .failure(WorkspaceDecodingError(
                line: 1, column: 1, byteOffset: 0, path: "",
                reason: "the input is empty; expected a workspace object {…}"))
        }
        let pointer = base.assumingMemoryBound(to: UInt8.self)
        let hasByteOrderMark = bytes.count >= 3 && pointer[0] == 0xEF && pointer[1] == 0xBB && pointer[2] == 0xBF
        var reader = JSONByteReader(base: pointer, count: bytes.count, offset: hasByteOrderMark ? 3 : 0)
        do throws(JSONReadFailure) {
            let workspace = try LearnerWorkspace(reading: &reader)
            guard reader.isAtEnd() else {
                throw reader.syntaxError(
                    "unexpected \(reader.describeValue(at: reader.offset)) after the end of the workspace object")
            }
            // A key twice in one object: readers keeping the first and the last would see
            // different workspaces, so neither is chosen (one linear pass, after the decode).
            if let duplicate = JSONDuplicateKeyScanner.firstDuplicate(in: bytes) {
                let located = WorkspaceDecodingError(JSONReadFailure(offset: duplicate.byteOffset, reason: ""), in: bytes)
                return .failure(WorkspaceDecodingError(
                    line: located.line, column: located.column, byteOffset: duplicate.byteOffset, path: duplicate.path,
                    reason: "the key \"\(duplicate.key)\" appears twice in this object (first on line \(duplicate.firstLine)); "
                        + "readers differ on which one counts, so remove one of them"))
            }
            return .success(workspace)
        } catch {
            return .failure(WorkspaceDecodingError(error, in: bytes))
        }
    }
}

extension LearnerWorkspace: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads a workspace with the same rules as ``init(from:)``.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var schemaVersion: Int?, user: User?, profile: UserLearningProfile?
        var knowledgeBases: [KnowledgeBase]?, learningPaths: [LearningPath]?, lessons: [Lesson]?
        var sessions: [LearningSession]?, analyses: [AIAnalysis]?, reviewTasks: [ReviewTask]?
        var feedback: [Feedback]?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .schemaVersion: schemaVersion = try reader.readOptional(Int.self)
                case .user: user = try reader.readOptional(User.self)
                case .profile: profile = try reader.readOptional(UserLearningProfile.self)
                case .knowledgeBases: knowledgeBases = try reader.readOptionalArray(of: KnowledgeBase.self)
                case .learningPaths: learningPaths = try reader.readOptionalArray(of: LearningPath.self)
                case .lessons: lessons = try reader.readOptionalArray(of: Lesson.self)
                case .sessions: sessions = try reader.readOptionalArray(of: LearningSession.self)
                case .analyses: analyses = try reader.readOptionalArray(of: AIAnalysis.self)
                case .reviewTasks: reviewTasks = try reader.readOptionalArray(of: ReviewTask.self)
                case .feedback: feedback = try reader.readOptionalArray(of: Feedback.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.schemaVersion = schemaVersion ?? Self.currentSchemaVersion
        self.user = user
        self.profile = profile ?? Self.defaultProfile(for: user)
        self.knowledgeBases = knowledgeBases ?? []
        self.learningPaths = learningPaths ?? []
        self.lessons = lessons ?? []
        self.sessions = sessions ?? []
        self.analyses = analyses ?? []
        self.reviewTasks = reviewTasks ?? []
        self.feedback = feedback ?? []
    }
}
