import Foundation
import ZhiXiCore

extension ReviewPlan {
    /// The plan as JSON, byte for byte what `ZhiXiJSON/makeEncoder(prettyPrinted:)` writes
    /// (compact, sorted keys), several times faster: the output path of `zhixi-review plan
    /// --format json` for plans of hundreds of thousands of tasks. O(size of the output).
    /// - Throws: `EncodingError` for a number that JSON cannot hold (NaN, infinity) or a date
    ///   outside the years 0000–9999, as the encoder does.
    public func jsonData() throws(EncodingError) -> Data {
        var text = UTF8Text(capacity: estimatedJSONBytes)
        try appendJSON(to: &text)
        return Data(text.bytes)
    }

    /// Appends the plan as JSON (what ``jsonData()`` returns) to `text`, without a buffer of
    /// its own: how `plan --batch` writes a learner's output line in one buffer. O(size of
    /// the output).
    /// - Throws: `EncodingError` as ``jsonData()`` does; `text` then holds part of the plan.
    package func appendJSON(to text: inout UTF8Text) throws(EncodingError) {
        try appendJSON(to: &text) { _ in }
    }

    /// Appends the plan as JSON to `text` as ``appendJSON(to:)`` does, with `moreMembers`
    /// appending members of its own (each starting with its comma, e.g. `,"notes":[]`) after
    /// the plan's and before the closing brace: how `plan --format json` writes the plan and
    /// its notes in one buffer, without a copy of the plan. O(size of the output).
    /// - Throws: `EncodingError` as ``jsonData()`` does; `text` then holds part of the plan.
    package func appendJSON(to text: inout UTF8Text, moreMembers: (inout UTF8Text) -> Void) throws(EncodingError) {
        var writer = JSONByteWriter(continuing: text)
        text = UTF8Text(capacity: 0)
        defer { text = writer.text }
        try writeObject(to: &writer, moreMembers: moreMembers)
    }

    /// Writes the plan as JSON (what ``jsonData()`` returns, then `moreMembers` as in
    /// ``appendJSON(to:moreMembers:)``) in pieces of about `chunkBytes` each, handed to
    /// `write` in order, holding no more than one piece (and one task) at a time: how
    /// `plan --format json` writes a plan of hundreds of thousands of tasks without a buffer
    /// the size of the output. O(size of the output).
    /// - Throws: `EncodingError` as ``jsonData()`` does; the pieces before it were written.
    package func writeJSON(chunkBytes: Int = 1 << 20, moreMembers: (inout UTF8Text) -> Void = { _ in },
                          to write: (UnsafeRawBufferPointer) -> Void) throws(EncodingError) {
        try withoutActuallyEscaping(write) { (write) throws(EncodingError) in
            var writer = JSONByteWriter(chunkBytes: chunkBytes, drain: write)
            try writeObject(to: &writer, moreMembers: moreMembers)
            writer.finish()
        }
    }

    /// The plan's object, its keys sorted, then `moreMembers` before the closing brace: what
    /// ``appendJSON(to:moreMembers:)`` and ``writeJSON(chunkBytes:moreMembers:to:)`` both write.
    private func writeObject(to writer: inout JSONByteWriter, moreMembers: (inout UTF8Text) -> Void) throws(EncodingError) {
        writer.beginObject()
        try writer.member("generatedAt", generatedAt)
        try writer.member("later", later)
        try writer.member("thisWeek", thisWeek)
        writer.member("timezone", timezone)
        try writer.member("today", today)
        try writer.member("tomorrow", tomorrow)
        writer.appendRaw(moreMembers)
        writer.endObject()
    }

    /// The bytes to reserve for the plan's JSON: a little more than its tasks usually take
    /// (about 450 bytes each with English reasons), so that the buffer is not copied as it grows.
    public var estimatedJSONBytes: Int { 256 + taskCount * 700 }

    /// The tasks of every period.
    private var taskCount: Int { today.count + tomorrow.count + thisWeek.count + later.count }
}

extension PlannedReviewTask: JSONByteEncodable {
    /// Writes the task's and the explanation's members as one object, keys sorted across both
    /// (as the encoder merges them).
    func write(to writer: inout JSONByteWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.member("completedAt", task.completedAt)
        try writer.member("deferredFrom", explanation.deferredFrom)
        try writer.member("difficulty", explanation.difficulty)
        try writer.member("dueAt", explanation.dueAt)
        writer.member("estimatedMinutes", explanation.estimatedMinutes)
        writer.member("id", task.id)
        writer.member("lessonId", task.lessonID)
        writer.member("lessonTitle", explanation.lessonTitle)
        writer.member("move", explanation.move?.rawValue)
        try writer.member("movedFrom", explanation.movedFrom)
        try writer.member("predictedRecall", explanation.predictedRecall)
        writer.member("reason", explanation.reason)
        writer.member("reviewType", task.reviewType.rawValue)
        try writer.member("scheduledAt", task.scheduledAt)
        writer.member("sourceAnalysisId", explanation.sourceAnalysisID)
        writer.member("sourceSessionId", task.sourceSessionID)
        try writer.member("stability", explanation.stability)
        writer.member("status", task.status.rawValue)
        writer.member("userId", task.userID)
        writer.member("weakPoint", explanation.weakPoint)
        writer.endObject()
    }
}
