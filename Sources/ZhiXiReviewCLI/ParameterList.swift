import ZhiXiMemory

/// FSRS weights in a JSON report, written as `optimize` prints them: each rounded to 6
/// decimals (``TrainingInput/jsonArray(_:)``, what Anki and fsrs-rs accept).
struct ParameterList: JSONFragment {
    /// The weights.
    let parameters: FSRSParameters

    var jsonText: String { TrainingInput.jsonArray(parameters) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(parameters.weights)
    }
}
