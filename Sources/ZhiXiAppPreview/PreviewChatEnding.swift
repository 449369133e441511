/// How the previews' tutor ends its next streamed replies.
package enum PreviewChatEnding: Sendable, Hashable {
    /// Every piece, then the whole reply.
    case complete
    /// The first pieces, then nothing more until the reply is stopped: a reply on its way.
    case hold(afterPieces: Int)
    /// The first pieces, then the stream is cut: a reply cut off mid-way.
    case cut(afterPieces: Int)
}
