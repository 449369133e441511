import ZhiXiLocalization
import ZhiXiModel
import ZhiXiTraining

/// The wording of `optimize`'s and `evaluate`'s figures: what each log loss is and which items
/// it counts, the folds, and the verdict (the rule is the library's `FitVerdict`), read from
/// the language's `Commands.strings` (`training.*`).
enum TrainingReportText {
    /// Four decimals, as every loss is printed.
    static func loss(_ value: Double) -> String { TextFormatting.fixed(value, 4) }

    /// What weight `index` is, in `words`' language (`optimize.weight.initial` for the four
    /// initial stabilities, `optimize.weight` otherwise): in English the library's
    /// `FSRSParameters.weightName(_:)`, which JSON and the diagnostics keep.
    static func weightName(_ index: Int, words: Localization) -> String {
        index < 4
            ? words.sentence("optimize.weight.initial", in: .commands, ["index": String(index), "rating": words.text("rating.\(index + 1)", in: .commands)])
            : words.sentence("optimize.weight", in: .commands, ["index": String(index)])
    }

    /// Where the current parameters come from, which names them.
    enum CurrentSource {
        /// `--params`.
        case given
        /// The Anki preset's.
        case preset
    }

    /// A candidate's name in `words`' language (`training.name.*`): the fit, the preset's or
    /// the given parameters, the FSRS-6 defaults.
    static func name(_ candidate: FitVerdict.Candidate, current: CurrentSource?, words: Localization) -> String {
        switch candidate {
        case .fit: words.text("training.name.fit", in: .commands)
        case .current: words.text(current == .preset ? "training.name.preset" : "training.name.given", in: .commands)
        case .defaults: words.text("training.name.defaults", in: .commands)
        }
    }

    /// `the fit 0.3412, the preset's parameters 0.3420, …`: candidates' log losses in order.
    static func scores(_ scores: [(FitVerdict.Candidate, Double)], current: CurrentSource?, words: Localization) -> String {
        scores.map { candidate, value in
            words.sentence("training.score", in: .commands, ["name": name(candidate, current: current, words: words), "logLoss": loss(value)])
        }.joined(separator: words.text("evaluate.listSeparator", in: .commands))
    }

    /// `verdict: use the fit — the lowest held-out log loss (the fit 0.3882, the FSRS-6
    /// defaults 0.4031)`, or `verdict: keep …`, in `words`' language. `wholeHistory`: evaluate's
    /// verdict for a fit, which optimize would fit to the whole history.
    static func verdictLine(_ verdict: FitVerdict, current: CurrentSource?, wholeHistory: Bool = false,
                            words: Localization = .english) -> String {
        let order: [FitVerdict.Candidate] = [.fit, .current, .defaults]
        let list = scores(order.compactMap { candidate in verdict.logLoss[candidate].map { (candidate, $0) } }, current: current, words: words)
        let lowest = words.sentence(verdict.heldOut ? "training.lowest.heldOut" : "training.lowest.all", in: .commands, ["list": list])
        let noise = verdict.runnerUp != nil && !verdict.isClear ? words.text("training.withinNoise", in: .commands) : ""
        var line = words.sentence(verdict.chosen == .fit ? "training.verdict.useFit" : "training.verdict.keep", in: .commands, [
            "name": name(verdict.chosen, current: current, words: words), "noise": noise, "lowest": lowest,
        ])
        if verdict.heldOut, !verdict.fitTested { line += words.text("training.verdict.notTested", in: .commands) }
        if wholeHistory, verdict.chosen == .fit { line += words.text("training.verdict.wholeHistory", in: .commands) }
        return line
    }

    /// `how sure: over the 58 held-out reviews taken alike, the log loss of the fit is …`: the
    /// per-review difference between the chosen parameters and the runner-up, and its standard
    /// error; `nil` when only one was scored or a single review.
    static func howSureLine(_ verdict: FitVerdict, current: CurrentSource?, words: Localization = .english) -> String? {
        guard let runnerUp = verdict.runnerUp, verdict.scoredItemCount > 1 else { return nil }
        return words.sentence(verdict.heldOut ? "training.howSure.heldOut" : "training.howSure.all", in: .commands, [
            "count": String(verdict.scoredItemCount), "chosen": name(verdict.chosen, current: current, words: words),
            "runnerUp": name(runnerUp, current: current, words: words), "difference": loss(abs(verdict.meanDifference)),
            "error": loss(verdict.differenceStandardError),
            "size": words.text(verdict.isClear ? "training.howSure.size.gain" : "training.howSure.size.noise", in: .commands),
        ])
    }

    /// What the items trained on are, when fewer than offered: `the outlier filter left out …`.
    static func leftOut(_ counts: TrainingItemCounts, maximumSequenceLength: Int, words: Localization = .english) -> String? {
        var parts: [String] = []
        if counts.outlierItems > 0 {
            parts.append(words.counted("training.leftOut.outliers", in: .commands, count: counts.outlierCards,
                                       ["items": String(counts.outlierItems), "count": String(counts.outlierCards)]))
        }
        if counts.longHistoryItems > 0 {
            parts.append(words.sentence("training.leftOut.longHistories", in: .commands,
                                        ["items": String(counts.longHistoryItems), "length": String(maximumSequenceLength)]))
        }
        return parts.isEmpty ? nil : parts.joined(separator: words.text("report.partSeparator", in: .commands))
    }

    /// One scored fold of evaluate: its items, what it was fitted on, and its figures
    /// (log loss / RMSE (bins), weighted by recency), the current parameters' among them.
    static func foldLine(_ fold: FoldEvaluation, of foldCount: Int, current: CurrentSource?, words: Localization = .english) -> String {
        var values = [
            "fold": String(fold.fold + 1), "folds": String(foldCount), "tested": String(fold.testItems.count),
            "before": String(fold.trainingItems.count), "defaultsLogLoss": loss(fold.defaults.logLoss), "defaultsRMSE": loss(fold.defaults.rmseBins),
        ]
        values["current"] = fold.current.map {
            words.sentence("training.fold.current", in: .commands, [
                "name": name(.current, current: current, words: words), "logLoss": loss($0.logLoss), "rmse": loss($0.rmseBins),
            ])
        } ?? ""
        values["figures"] = words.sentence("training.fold.figures", in: .commands, values.merging([
            "logLoss": loss(fold.candidate.logLoss), "rmse": loss(fold.candidate.rmseBins),
        ]) { first, _ in first })
        switch fold.optimization?.outcome ?? .fitted {
        case .fitted:
            values["trained"] = String(fold.optimization?.trainingItemCount ?? fold.trainingItems.count)
            return words.sentence("training.fold.fitted", in: .commands, values)
        case .initialStabilitiesOnly(let items, let needed):
            values["items"] = String(items)
            values["needed"] = String(needed)
            return words.sentence("training.fold.initialOnly", in: .commands, values)
        case .defaultsForTooLittleData(let items, let needed):
            values["items"] = String(items)
            values["needed"] = String(needed)
            return words.sentence("training.fold.tooLittle", in: .commands, values)
        case .defaultsForNoFirstIntervals:
            return words.sentence("training.fold.noFirstIntervals", in: .commands, values)
        }
    }

    /// The scored folds in words: `fold 2 is scored by …`, `folds 2–5 are each scored by …`.
    static func scoredFolds(_ foldCount: Int, current: CurrentSource?, words: Localization = .english) -> String {
        let by = current == nil ? words.text("training.scoredBy.fitted", in: .commands)
            : words.sentence("training.scoredBy.fittedAndCurrent", in: .commands, ["name": name(.current, current: current, words: words)])
        return words.sentence(foldCount == 2 ? "training.scoredFolds.two" : "training.scoredFolds.many", in: .commands,
                              ["folds": String(foldCount), "by": by])
    }
}

extension Localization {
    /// The English lookup: what the reports of `optimize`, `evaluate` and `record` are in when neither `--lang` nor the environment names a language, and what their JSON's
    /// sentences are always in.
    static var english: Localization { AppLanguage.english.localization }
}
