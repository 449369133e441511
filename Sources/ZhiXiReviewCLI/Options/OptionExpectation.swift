import ZhiXiLocalization

/// What a valid value of an option is, as a usage error says it (`give a whole number of days
/// from 1 to 366`): a key of the `Errors` language files (`expect.KEY`) and the values of its
/// blanks, written in the run's language when the error is.
struct OptionExpectation: Sendable, Hashable {
    /// The key after `expect.`, e.g. `whole.days`.
    let key: String
    /// The values of the sentence's blanks, e.g. `["lower": "1", "upper": "366"]`.
    let values: [String: String]

    /// The expectation `expect.KEY` with `values` for its blanks.
    init(_ key: String, _ values: [String: String] = [:]) {
        self.key = key
        self.values = values
    }

    /// The sentence in `words`' language.
    func text(_ words: Localization) -> String { words.sentence("expect." + key, in: .errors, values) }
}
