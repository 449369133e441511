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

    /// Which parameters a verdict is about.
    enum Candidate {
        /// What optimize just fitted.
        case fitted
        /// evaluate's parameters fitted per fold: the way optimize fits them.
        case fittedPerFold
        /// `--params`.
        case given
    }

    /// `verdict: use these — held-out log loss 0.3882 against 0.4031 for the defaults`, or
    /// `verdict: keep the defaults — …`. `heldOut` false: the reviews may be those the
    /// parameters were fitted on (evaluate --splits 1 --params). In `words`' language.
    static func verdictLine(_ verdict: FitVerdict, candidate: Candidate, heldOut: Bool = true, words: Localization = .english) -> String {
        let figures = words.sentence(heldOut ? "training.figures.heldOut" : "training.figures.all", in: .commands,
                                     ["candidate": loss(verdict.candidateLogLoss), "defaults": loss(verdict.defaultsLogLoss)])
        let use: String
        switch candidate {
        case .fitted: use = words.text("training.use.fitted", in: .commands)
        case .fittedPerFold: use = words.text("training.use.fittedPerFold", in: .commands)
        case .given: use = words.text("training.use.given", in: .commands)
        }
        switch verdict.decision {
        case .useCandidate:
            return words.sentence(verdict.isClear ? "training.verdict.use" : "training.verdict.useWithinNoise", in: .commands,
                                  ["use": use, "figures": figures])
                + (candidate == .fittedPerFold ? words.text("training.verdict.wholeHistory", in: .commands) : "")
        case .keepDefaults:
            let key = candidate == .given ? "training.verdict.keepDefaults.given" : "training.verdict.keepDefaults.fitted"
            let reviews = words.text(heldOut ? "training.reviews.heldOut" : "training.reviews.these", in: .commands)
            return words.sentence(key, in: .commands, ["reviews": reviews, "figures": figures])
        case .nothingFitted:
            return words.text("training.verdict.nothingFitted", in: .commands)
        }
    }

    /// `how sure: over the 58 held-out reviews taken alike, …`: the per-review difference and
    /// its standard error; `nil` when nothing was tested.
    static func howSureLine(_ verdict: FitVerdict, candidate: Candidate, heldOut: Bool = true, words: Localization = .english) -> String? {
        guard verdict.decision != .nothingFitted, verdict.scoredItemCount > 1 else { return nil }
        let name = words.text(candidate == .given ? "training.howSure.name.given" : "training.howSure.name.fitted", in: .commands)
        let direction = words.text(verdict.meanDifference < 0 ? "training.howSure.lower" : "training.howSure.higher", in: .commands)
        let size = abs(verdict.meanDifference) > 2 * verdict.differenceStandardError
            ? (verdict.meanDifference < 0 ? "training.howSure.size.gain" : "training.howSure.size.loss")
            : "training.howSure.size.noise"
        return words.sentence(heldOut ? "training.howSure.heldOut" : "training.howSure.all", in: .commands, [
            "count": String(verdict.scoredItemCount), "name": name, "difference": loss(abs(verdict.meanDifference)), "direction": direction,
            "error": loss(verdict.differenceStandardError), "size": words.text(size, in: .commands),
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
    /// (log loss / RMSE (bins), weighted by recency).
    static func foldLine(_ fold: FoldEvaluation, of foldCount: Int, words: Localization = .english) -> String {
        var values = [
            "fold": String(fold.fold + 1), "folds": String(foldCount), "tested": String(fold.testItems.count),
            "before": String(fold.trainingItems.count), "defaultsLogLoss": loss(fold.defaults.logLoss), "defaultsRMSE": loss(fold.defaults.rmseBins),
        ]
        values["figures"] = words.sentence("training.fold.figures", in: .commands, values.merging([
            "logLoss": loss(fold.candidate.logLoss), "rmse": loss(fold.candidate.rmseBins),
        ]) { first, _ in first })
        guard let optimization = fold.optimization else { return words.sentence("training.fold.given", in: .commands, values) }
        switch optimization.outcome {
        case .fitted:
            values["trained"] = String(optimization.trainingItemCount)
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
    static func scoredFolds(_ foldCount: Int, given: Bool, words: Localization = .english) -> String {
        let by = words.text(given ? "training.scoredBy.given" : "training.scoredBy.fitted", in: .commands)
        return words.sentence(foldCount == 2 ? "training.scoredFolds.two" : "training.scoredFolds.many", in: .commands,
                              ["folds": String(foldCount), "by": by])
    }
}

extension Localization {
    /// The English lookup: what the reports of `optimize`, `evaluate` and `record` are in when neither `--lang` nor the environment names a language, and what their JSON's
    /// sentences are always in.
    static var english: Localization { AppLanguage.english.localization }
}
