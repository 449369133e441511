import ZhiXiTraining

/// The wording of `optimize`'s and `evaluate`'s figures: what each log loss is and which items
/// it counts, the folds, and the verdict (the rule is the library's ``FitVerdict``).
enum TrainingReportText {
    /// Four decimals, as every loss is printed.
    static func loss(_ value: Double) -> String { TextFormatting.fixed(value, 4) }

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
    /// parameters were fitted on (evaluate --splits 1 --params).
    static func verdictLine(_ verdict: FitVerdict, candidate: Candidate, heldOut: Bool = true) -> String {
        let figures = "\(heldOut ? "held-out " : "")log loss \(loss(verdict.candidateLogLoss)) against "
            + "\(loss(verdict.defaultsLogLoss)) for the defaults"
        let use: String
        switch candidate {
        case .fitted: use = "use these"
        case .fittedPerFold: use = "use fitted parameters"
        case .given: use = "use these (--params)"
        }
        switch verdict.decision {
        case .useCandidate:
            return "verdict: \(use)\(verdict.isClear ? "" : ", though the gain is within noise") — \(figures)"
                + (candidate == .fittedPerFold ? " (optimize fits them to the whole history)" : "")
        case .keepDefaults:
            let what = candidate == .given ? "these parameters do" : "the fit does"
            return "verdict: keep the defaults — \(what) not beat them on \(heldOut ? "held-out reviews" : "these reviews") (\(figures))"
        case .nothingFitted:
            return "verdict: keep the defaults — the reviews before the held-out ones are too few to fit anything, so no fit was tested"
        }
    }

    /// `how sure: over the 58 held-out reviews taken alike, …`: the per-review difference and
    /// its standard error; `nil` when nothing was tested.
    static func howSureLine(_ verdict: FitVerdict, candidate: Candidate, heldOut: Bool = true) -> String? {
        guard verdict.decision != .nothingFitted, verdict.scoredItemCount > 1 else { return nil }
        let name = candidate == .given ? "the given parameters'" : "the fitted parameters'"
        let direction = verdict.meanDifference < 0 ? "lower" : "higher"
        let size = abs(verdict.meanDifference) > 2 * verdict.differenceStandardError
            ? (verdict.meanDifference < 0 ? "a clear gain" : "a clear loss")
            : "within noise (less than two standard errors)"
        return "how sure: over the \(verdict.scoredItemCount) \(heldOut ? "held-out " : "")reviews taken alike, \(name) log loss "
            + "is \(loss(abs(verdict.meanDifference))) \(direction) per review than the defaults' "
            + "(± \(loss(verdict.differenceStandardError)), one standard error): \(size)"
    }

    /// What the items trained on are, when fewer than offered: `the outlier filter left out …`.
    static func leftOut(_ counts: TrainingItemCounts, maximumSequenceLength: Int) -> String? {
        var parts: [String] = []
        if counts.outlierItems > 0 {
            parts.append("fsrs-rs's outlier filter left out the \(counts.outlierItems) items of \(counts.outlierCards) "
                         + "card\(counts.outlierCards == 1 ? "" : "s") whose first interval is unusual for their first rating")
        }
        if counts.longHistoryItems > 0 {
            parts.append("\(counts.longHistoryItems) items with more than \(maximumSequenceLength) reviews of history were left out")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// One scored fold of evaluate: its items, what it was fitted on, and its figures
    /// (log loss / RMSE (bins), weighted by recency).
    static func foldLine(_ fold: FoldEvaluation, of foldCount: Int) -> String {
        let before = fold.trainingItems.count
        let figures = "\(loss(fold.candidate.logLoss)) / \(loss(fold.candidate.rmseBins)), "
            + "defaults \(loss(fold.defaults.logLoss)) / \(loss(fold.defaults.rmseBins))"
        let head = "  fold \(fold.fold + 1) of \(foldCount): \(fold.testItems.count) items scored; "
        guard let optimization = fold.optimization else { return head + "given " + figures }
        switch optimization.outcome {
        case .fitted:
            return head + "fitted on \(optimization.trainingItemCount) of the \(before) items before it: fitted " + figures
        case .initialStabilitiesOnly(let items, let needed):
            return head + "the \(before) items before it leave \(items) to train on (all parameters need \(needed) and reviews "
                + "beyond the first interval): only the initial stabilities fitted: fitted " + figures
        case .defaultsForTooLittleData(let items, let needed):
            return head + "the \(before) items before it leave \(items) to train on (at least \(needed) needed): nothing fitted, "
                + "so the FSRS-6 defaults score it: \(loss(fold.defaults.logLoss)) / \(loss(fold.defaults.rmseBins))"
        case .defaultsForNoFirstIntervals:
            return head + "the \(before) items before it have no usable first interval: nothing fitted, so the FSRS-6 defaults "
                + "score it: \(loss(fold.defaults.logLoss)) / \(loss(fold.defaults.rmseBins))"
        }
    }

    /// The scored folds in words: `fold 2 is scored by …`, `folds 2–5 are each scored by …`.
    static func scoredFolds(_ foldCount: Int, given: Bool) -> String {
        let by = given ? "the given parameters (--params)" : "parameters fitted on the items before it"
        return (foldCount == 2 ? "fold 2 is scored by " : "folds 2–\(foldCount) are each scored by ") + by + " and by the FSRS-6 defaults"
    }
}
