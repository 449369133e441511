import ZhiXiLocalization
import ZhiXiSimulation

/// A simulation's warning as the text report says it, in `words`' language: its kind's
/// sentence from `Commands.strings` (`simulate.warning.*`), its figures written as
/// `SimulationWarning.description` writes them. The English file's sentences are that
/// description word for word, which JSON's `message` and the diagnostics keep.
enum SimulationWarningText {
    /// `warning`'s sentence in `words`' language.
    static func sentence(_ warning: SimulationWarning, words: Localization) -> String {
        func say(_ key: String, _ values: [String: String]) -> String { words.sentence("simulate.warning." + key, in: .commands, values) }
        switch warning {
        case .capBinds(let share, let retention, let capMinutes):
            var values = ["share": SimulationWarning.percent(share), "retention": SimulationWarning.decimal(retention, 2)]
            guard let capMinutes else { return say("capBinds", values) }
            values["minutes"] = SimulationWarning.decimal(capMinutes, capMinutes == capMinutes.rounded() ? 0 : 1)
            return say("capBinds.minutes", values)
        case .flatMinutes(let spread, let lowest, let highest):
            return say("flatMinutes", [
                "spread": SimulationWarning.percent(spread), "lowest": SimulationWarning.decimal(lowest, 1),
                "highest": SimulationWarning.decimal(highest, 1),
            ])
        case .optimumAtEdge(let retention, let atLowerEdge):
            return say(atLowerEdge ? "optimumAtLowerEdge" : "optimumAtUpperEdge", ["retention": SimulationWarning.decimal(retention, 2)])
        case .outsideAnkiRange(let retention):
            return say("outsideAnkiRange", ["retention": SimulationWarning.decimal(retention, 2)])
        case .parametersAtBound(let indices, let values):
            let list = zip(indices, values).map { TrainingReportText.weightName($0, words: words) + " = " + SimulationWarning.decimal($1, 4) }
            return say("parametersAtBound", ["list": list.joined(separator: ", ")])
        case .fewItems(let items):
            return say("fewItems", ["items": String(items), "minimum": String(SimulationWarning.minimumTrustedItems)])
        }
    }
}
