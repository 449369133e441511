import Foundation
import Testing
import ZhiXiLocalization
import ZhiXiMemory
@testable import ZhiXiReviewCLI

/// optimize and evaluate speak plainly (issue 27): every figure says what it is and which items
/// it counts, a verdict line ends the report, and evaluate --svg draws the calibration.
@Suite("zhixi-review optimize and evaluate: labelled figures and a verdict")
struct TrainingReportTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path

    @Test("a weight's name: in English the library's FSRSParameters.weightName, every index; in Chinese the ratings as Anki's buttons")
    func weightNames() {
        for index in FSRSParameters.defaultWeights.indices {
            #expect(TrainingReportText.weightName(index, words: .english) == FSRSParameters.weightName(index))
        }
        let chinese = Localization(language: "zh-Hans")
        #expect((0 ..< 4).map { TrainingReportText.weightName($0, words: chinese) } == [
            "w[0]（首次评为“重来”后的稳定性）", "w[1]（首次评为“困难”后的稳定性）", "w[2]（首次评为“良好”后的稳定性）", "w[3]（首次评为“简单”后的稳定性）",
        ])
        #expect(TrainingReportText.weightName(20, words: chinese) == "w[20]")
    }

    @Test("optimize on the sample: the items trained on and why, each log loss's items, the held-out check and the verdict")
    func optimizeSample() async throws {
        let result = await run("optimize", Self.sample)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines[0] == "fitted all 21 parameters on 169 of the 274 items (fsrs-rs's outlier filter left out the 105 items of "
                + "21 cards whose first interval is unusual for their first rating)")
        #expect(lines.contains("log loss on the 169 training items, unweighted: FSRS-6 defaults 0.2005, fitted 0.1584"))
        #expect(lines.contains("held-out check (evaluate's): the items cut into 5 folds in time, the 220 items of folds 2–5 each scored "
                               + "by parameters fitted on the items before it and by the FSRS-6 defaults, every item alike"))
        #expect(lines.contains("verdict: use the fit — the lowest held-out log loss (the fit 0.1066, the FSRS-6 defaults 0.1334)"),
                "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("how sure: over the 220 held-out reviews taken alike, the log loss of the fit is ") })
        #expect(result.error.contains("epoch 1/5: training objective 0.0489"))
        #expect(result.error.contains("it compares epochs, not parameters"))
        #expect(!result.output.contains("training loss") && !result.error.contains("training loss"))
        // The held-out figures are evaluate's, to the digit: one comparison, one verdict.
        let evaluate = await run("evaluate", Self.sample)
        #expect(evaluate.output.contains("verdict: use the fit — the lowest held-out log loss (the fit 0.1066, the FSRS-6 defaults 0.1334)"),
                "\(evaluate.output)")
    }

    @Test("evaluate: folds named for what they are, a fold with too little data said so, the verdict and how sure")
    func evaluateSample() async throws {
        let result = await run("evaluate", Self.sample)
        #expect(result.status == 0)
        let output = result.output
        #expect(output.hasPrefix("5 folds in time (274 items from 425 reviews of 27 lessons and 124 weak points in "))
        #expect(output.contains("fold 1 is only trained on; folds 2–5 are each scored by parameters fitted on the items before it"))
        #expect(output.contains("  fold 2 of 5: 54 items scored; the 54 items before it leave 0 to train on (at least 8 needed): "
                                + "nothing fitted, so the FSRS-6 defaults score it: 0.2352 / 0.1384"))
        #expect(!output.contains("trained on 54"))
        #expect(output.contains("verdict: use the fit — the lowest held-out log loss (the fit 0.1066, the FSRS-6 defaults 0.1334) "
                                + "(optimize fits them to the whole history)"))
        #expect(output.contains("Per fold, the mean of each fold's log loss / RMSE (bins) weighted by recency (fsrs-rs's evaluate on "
                                + "the fold): fitted per fold 0.1555 / 0.0598, FSRS-6 defaults 0.1645 / 0.0930"))
        let two = await run("evaluate", Self.sample, "--splits", "2")
        #expect(!two.output.contains("folds 2–2"))
        #expect(two.output.contains("fold 1 is only trained on; fold 2 is scored by parameters fitted on the items before it"))
        // The defaults given as parameters: scored beside the fit, tied with the defaults, and named as given.
        let tie = await run("evaluate", Self.sample, "--params", "[]")
        #expect(tie.output.contains("verdict: use the fit — the lowest held-out log loss (the fit 0.1066, the given parameters (--params) "
                                    + "0.1334, the FSRS-6 defaults 0.1334)"), "\(tie.output)")
        #expect(tie.output.contains("folds 2–5 are each scored by parameters fitted on the items before it, by the given parameters (--params) "
                                    + "and by the FSRS-6 defaults"))
        let one = await run("evaluate", Self.sample, "--splits", "1")
        #expect(one.output.contains("verdict: none — --splits 1 without --params scores the defaults only"))
        let json = await run("evaluate", Self.sample, "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let verdict = try #require(object["verdict"] as? [String: Any])
        #expect(verdict["decision"] as? String == "useFit" && verdict["heldOut"] as? Bool == true && verdict["runnerUp"] as? String == "defaults")
        #expect(verdict["scoredItems"] as? Int == 220 && verdict["clear"] as? Bool == true)
    }

    @Test("evaluate --svg: predicted against observed recall with counts, the defaults and the candidate side by side")
    func calibrationChart() async throws {
        let path = try temporaryFolder().appendingPathComponent("calibration.svg").path
        let result = await run("evaluate", Self.sample, "--svg", path)
        #expect(result.status == 0, "\(result.error)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.hasSuffix("</svg>\n"))
        #expect(svg.contains(">Calibration on the 220 held-out items (folds 2–5 of 5)</text>"))
        #expect(svg.contains(">FSRS-6 defaults</text>") && svg.contains(">fitted per fold</text>"))
        #expect(svg.contains("log loss 0.1334, RMSE (bins) 0.0915") && svg.contains("log loss 0.1066, RMSE (bins) 0.0447"))
        // One labelled bar per bin, and the counts of each panel add up to the items scored.
        for panel in svg.components(separatedBy: "<g>\n").dropFirst() {
            let counts = panel.components(separatedBy: "font-size=\"9\" text-anchor=\"middle\">").dropFirst()
                .compactMap { Int($0.prefix { $0 != "<" }) }
            #expect(counts.reduce(0, +) == 220)
        }
        let refused = await run("evaluate", Self.sample, "--svg", "/no/such/directory/chart.svg")
        #expect(refused.status == 74)
    }
}
