import ZhiXiTraining

/// `evaluate --svg FILE`: the calibration a practitioner looks for, as the FSRS optimizer
/// draws it — for each set of parameters side by side (the FSRS-6 defaults, then the
/// candidate), predicted recall against the share actually recalled, one point per bin of
/// predicted recall (``CalibrationBins``) with the diagonal of perfect calibration, and under
/// it the number of items in each bin, labelled. Both panels share their axes.
struct CalibrationChart {
    /// One set of parameters.
    struct Panel {
        /// `FSRS-6 defaults`, `fitted per fold`, `given (--params)`.
        var name: String
        var bins: CalibrationBins
        /// The figures the text report's table shows for it.
        var logLoss: Double
        var rmseBins: Double
    }

    /// `Calibration on the 220 held-out items (folds 2–5 of 5)`.
    var title: String
    /// Lines under the title: where the items came from, how they were scored.
    var notes: [String]
    var panels: [Panel]

    static let panelWidth = 400.0, plotHeight = 320.0, barsHeight = 90.0
    static let left = 60.0, gap = 70.0

    /// What every chart says of its points and bars.
    static let legend = [
        "Each point: the items whose predicted recall falls in a bin 0.05 wide (the larger, the more items), at their mean",
        "prediction (across) and the share of them recalled (up); on the dashed diagonal the predictions are right. Bars: items per bin.",
    ]

    /// Where the plots start.
    var top: Double { 62 + 16 * Double(notes.count + Self.legend.count) }

    /// The chart as SVG text.
    func svg() -> String {
        let bins = panels.flatMap(\.bins.bins)
        let lowest = min(bins.map(\.lower).min() ?? 0, bins.map(\.observedRecall).min() ?? 0)
        let from = min(0.5, (lowest * 10).rounded(.down) / 10)   // both axes from a tenth, 0.5 at the latest, to 1
        let maximumCount = bins.map(\.count).max() ?? 1
        let width = Self.left + Double(panels.count) * (Self.panelWidth + Self.gap)
        let height = top + Self.plotHeight + 40 + Self.barsHeight + 30
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" \
        font-family="sans-serif">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(f(Self.left))" y="26" font-size="18" font-weight="bold">\(e(title))</text>

        """
        for (index, line) in (notes + Self.legend).enumerated() {
            svg += "<text x=\"\(f(Self.left))\" y=\"\(f(46 + 16 * Double(index)))\" font-size=\"12\" fill=\"#555\">\(e(line))</text>\n"
        }
        for (index, panel) in panels.enumerated() {
            svg += self.panel(panel, x: Self.left + Double(index) * (Self.panelWidth + Self.gap), from: from, maximumCount: maximumCount)
        }
        return svg + "</svg>\n"
    }

    private func panel(_ panel: Panel, x left: Double, from: Double, maximumCount: Int) -> String {
        let top = top + 8, width = Self.panelWidth, height = Self.plotHeight
        func px(_ value: Double) -> Double { left + (value - from) / (1 - from) * width }
        func py(_ value: Double) -> Double { top + height - max(0, value - from) / (1 - from) * height }
        var svg = "<g>\n<text x=\"\(f(left))\" y=\"\(f(top - 10))\" font-size=\"14\" font-weight=\"bold\">\(e(panel.name))"
            + "</text>\n<text x=\"\(f(left + width))\" y=\"\(f(top - 10))\" font-size=\"12\" text-anchor=\"end\" fill=\"#555\">"
            + "log loss \(TrainingReportText.loss(panel.logLoss)), RMSE (bins) \(TrainingReportText.loss(panel.rmseBins))</text>\n"
        svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(width))\" height=\"\(f(height))\" fill=\"none\" stroke=\"#999\"/>\n"
        // Grid and tick labels every 0.1.
        var tick = from
        while tick <= 1.0001 {
            let label = TextFormatting.fixed(tick, 1)
            svg += "<line x1=\"\(f(px(tick)))\" y1=\"\(f(top))\" x2=\"\(f(px(tick)))\" y2=\"\(f(top + height))\" stroke=\"#eee\"/>\n"
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(py(tick)))\" x2=\"\(f(left + width))\" y2=\"\(f(py(tick)))\" stroke=\"#eee\"/>\n"
            svg += "<text x=\"\(f(px(tick)))\" y=\"\(f(top + height + 14))\" font-size=\"11\" text-anchor=\"middle\">\(label)</text>\n"
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(py(tick) + 4))\" font-size=\"11\" text-anchor=\"end\">\(label)</text>\n"
            tick += 0.1
        }
        svg += "<text x=\"\(f(left + width / 2))\" y=\"\(f(top + height + 30))\" font-size=\"12\" text-anchor=\"middle\">"
            + "predicted recall</text>\n"
        svg += "<text x=\"\(f(left - 42))\" y=\"\(f(top + height / 2))\" font-size=\"12\" text-anchor=\"middle\" "
            + "transform=\"rotate(-90 \(f(left - 42)) \(f(top + height / 2)))\">share recalled</text>\n"
        svg += "<line x1=\"\(f(px(from)))\" y1=\"\(f(py(from)))\" x2=\"\(f(px(1)))\" y2=\"\(f(py(1)))\" stroke=\"#888\" "
            + "stroke-dasharray=\"5,4\"/>\n"
        let bins = panel.bins.bins
        let points = bins.map { "\(f(px($0.meanPredicted))),\(f(py($0.observedRecall)))" }.joined(separator: " ")
        svg += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\"/>\n"
        for bin in bins {
            // The area grows with the count, from a small dot to 8 px across the radius.
            let radius = 2.5 + 5.5 * (Double(bin.count) / Double(max(1, maximumCount))).squareRoot()
            svg += "<circle cx=\"\(f(px(bin.meanPredicted)))\" cy=\"\(f(py(bin.observedRecall)))\" r=\"\(f(radius))\" "
                + "fill=\"#1f77b4\" fill-opacity=\"0.8\">"
                + "<title>\(TextFormatting.fixed(bin.lower, 2))–\(TextFormatting.fixed(bin.upper, 2)): \(bin.count) items, "
                + "mean prediction \(TextFormatting.fixed(bin.meanPredicted, 3)), recalled \(TextFormatting.fixed(bin.observedRecall, 3))"
                + "</title></circle>\n"
        }
        // The counts, on the same axis of predicted recall.
        let barsTop = top + height + 44, barsHeight = Self.barsHeight
        svg += "<text x=\"\(f(left))\" y=\"\(f(barsTop - 2))\" font-size=\"11\" fill=\"#555\">items per bin</text>\n"
        for bin in bins {
            let x0 = px(max(bin.lower, from)), x1 = px(bin.upper)
            let barHeight = Double(bin.count) / Double(max(1, maximumCount)) * (barsHeight - 14)
            let y = barsTop + barsHeight - barHeight
            svg += "<rect x=\"\(f(x0 + 1))\" y=\"\(f(y))\" width=\"\(f(max(1, x1 - x0 - 2)))\" height=\"\(f(barHeight))\" "
                + "fill=\"#aec7e8\"/>\n"
            svg += "<text x=\"\(f((x0 + x1) / 2))\" y=\"\(f(y - 2))\" font-size=\"9\" text-anchor=\"middle\">\(Self.count(bin.count))</text>\n"
        }
        svg += "<line x1=\"\(f(left))\" y1=\"\(f(barsTop + barsHeight))\" x2=\"\(f(left + width))\" y2=\"\(f(barsTop + barsHeight))\" "
            + "stroke=\"#999\"/>\n"
        return svg + "</g>\n"
    }

    /// A count in a bar's label: `953`, `1.2k`, `12k`.
    static func count(_ value: Int) -> String {
        if value < 1_000 { return String(value) }
        if value < 10_000 { return TextFormatting.fixed(Double(value) / 1_000, 1) + "k" }
        return String(Int((Double(value) / 1_000).rounded())) + "k"
    }

    private func f(_ value: Double) -> String { ChartRenderer.format(value) }
    private func e(_ text: String) -> String { ChartRenderer.escape(text.escapingControlCharacters()) }
}
