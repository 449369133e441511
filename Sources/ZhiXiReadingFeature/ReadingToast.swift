/// A short message over the app (a toast): the server refused what the learner read of a
/// material for good.
public struct ReadingToast: Sendable, Hashable, Identifiable {
    /// The toast's id, unique among the toasts of one view model.
    public var id: Int
    /// The material.
    public var materialID: String
    /// The server's rejection code, such as `SOURCE_DELETED`.
    public var code: String
    /// The message for the learner.
    public var message: String

    /// Creates a toast.
    public init(id: Int, materialID: String, code: String, message: String) {
        self.id = id
        self.materialID = materialID
        self.code = code
        self.message = message
    }
}
