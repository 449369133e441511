/// One option a page offers (a daily study time, a language, a feedback category): the value
/// it stands for and its label in the learner's language.
public struct Choice<Value: Sendable & Hashable>: Sendable, Hashable, Identifiable {
    /// The value chosen with it.
    public var value: Value
    /// Its label as shown: `30 分钟`, `English`, `功能建议`.
    public var text: String

    /// The option's identity: its value.
    public var id: Value { value }

    /// Creates an option.
    public init(value: Value, text: String) {
        self.value = value
        self.text = text
    }
}
