import Foundation
import ZhiXiSimulation

/// `simulate --svg FILE`: the report as an SVG chart that a browser shows as it is.
///
/// One setting: two panels over the days of the span, items memorized and minutes of study
/// a day (with the daily cap as a dashed line). A sweep: three panels against the desired
/// retention, average minutes a day (and over the last 30 days), items memorized at the end,
/// and seconds of study per item (the criterion), each point with a ±1 standard deviation
/// bar, the recommended retention marked by a vertical line and the retentions within 2 % of
/// its cost shaded; then two overlays over the days, minutes a day and items memorized, one
/// line per retention (blue the lowest, red the highest). Minute axes start at 0.
enum SimulationChart {
    /// The chart as SVG text.
    static func svg(_ report: SimulationReport) -> String {
        var panels: [Panel] = []
        var marker: Double?
        var band: ClosedRange<Double>?
        let title: String
        switch report.outcome {
        case .single(let runs):
            title = "Desired retention \(SimulationTextReport.number(runs.desiredRetention, 2))"
            let days = (1 ... max(1, runs.runs[0].days.count)).map(Double.init)
            let memorized = runs.meanSeries(.memorized)
            let minutes = runs.meanSeries(.seconds).map { $0 / 60 }
            panels.append(Panel(title: report.mode == .cards ? "Items memorized (sum of recall probabilities)"
                                                            : "Lessons memorized (sum of recall probabilities)",
                                xLabel: "day", yLabel: report.mode == .cards ? "items" : "lessons",
                                series: [Series(x: days, y: memorized, deviation: nil, color: "#1f77b4", dots: false)]))
            var minutesPanel = Panel(title: "Minutes of study per day", xLabel: "day", yLabel: "minutes",
                                     series: [Series(x: days, y: minutes, deviation: nil, color: "#d62728", dots: false)])
            minutesPanel.horizontalLine = report.setting.dailyLimitMinutes.map { ($0, "daily cap") }
            panels.append(minutesPanel)
        case .sweep(let result):
            let recommendation = result.recommendation
            title = "Desired retention sweep: recommended \(SimulationTextReport.number(recommendation.retention, 2))"
            marker = recommendation.retention
            band = (recommendation.nearOptimal.min() ?? recommendation.retention) ... (recommendation.nearOptimal.max() ?? recommendation.retention)
            let retentions = result.points.map(\.desiredRetention)
            func series(_ metric: SummaryMetric, _ color: String, scale: Double = 1) -> Series {
                let statistics = result.points.map { $0.statistics(metric) }
                return Series(x: retentions, y: statistics.map { $0.mean * scale },
                              deviation: result.points[0].runs.count > 1 ? statistics.map { $0.standardDeviation * scale } : nil,
                              color: color, dots: true)
            }
            var minutesPanel = Panel(title: "Minutes of study per day: average (red), last 30 days (orange)", xLabel: "desired retention",
                                     yLabel: "minutes", series: [series(.averageMinutesPerDay, "#d62728"), series(.steadyMinutesPerDay, "#ff7f0e")])
            minutesPanel.horizontalLine = report.setting.inputs.budgetMinutes.map { ($0, "budget") }
            minutesPanel.marksRetention = true
            panels.append(minutesPanel)
            var memorizedPanel = Panel(title: "Items memorized at the end", xLabel: "desired retention", yLabel: "items",
                                       series: [series(.memorizedAtEnd, "#1f77b4")], fromZero: false)
            memorizedPanel.marksRetention = true
            panels.append(memorizedPanel)
            var costPanel = Panel(title: recommendation.criterion == .secondsPerItemGained
                                    ? "Seconds of study per item gained (lower is better)" : "Seconds of study per memorized item (lower is better)",
                                  xLabel: "desired retention", yLabel: "seconds", series: [series(recommendation.criterion, "#2ca02c")],
                                  fromZero: false)
            costPanel.marksRetention = true
            panels.append(costPanel)
            // Every day up to 180 days, else every k-th day (and the last), so that a long sweep
            // stays a small file.
            let dayCount = max(1, result.points[0].runs[0].days.count)
            let stride = max(1, (dayCount + 179) / 180)
            var shown = Array(Swift.stride(from: 0, to: dayCount, by: stride))
            if shown.last != dayCount - 1 { shown.append(dayCount - 1) }
            let days = shown.map { Double($0 + 1) }
            func sampled(_ values: [Double]) -> [Double] { shown.map { values[$0] } }
            let count = result.points.count
            func color(_ index: Int) -> String {
                let t = count > 1 ? Double(index) / Double(count - 1) : 0
                let red = Int(31 + t * (214 - 31)), green = Int(119 + t * (39 - 119)), blue = Int(180 + t * (40 - 180))
                return "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
            }
            func labelled(_ index: Int) -> String? {
                let retention = result.points[index].desiredRetention
                return index == 0 || index == count - 1 || retention == recommendation.retention
                    ? SimulationTextReport.number(retention, 2) : nil
            }
            var minutesOverlay = Panel(title: "Minutes of study per day, one line per retention", xLabel: "day", yLabel: "minutes",
                                       series: result.points.indices.map { index in
                                           Series(x: days, y: sampled(result.points[index].meanSeries(.seconds)).map { $0 / 60 }, deviation: nil,
                                                  color: color(index), dots: false, width: 1.2, label: labelled(index))
                                       })
            minutesOverlay.horizontalLine = report.setting.dailyLimitMinutes.map { ($0, "daily cap") }
            panels.append(minutesOverlay)
            panels.append(Panel(title: report.mode == .cards ? "Items memorized over the days, one line per retention"
                                                            : "Lessons memorized over the days, one line per retention",
                                xLabel: "day", yLabel: report.mode == .cards ? "items" : "lessons",
                                series: result.points.indices.map { index in
                                    Series(x: days, y: sampled(result.points[index].meanSeries(.memorized)), deviation: nil,
                                           color: color(index), dots: false, width: 1.2, label: labelled(index))
                                }))
        }
        var subtitle = report.settingLine + "; " + report.inputsLine
        if let band {
            subtitle += band.lowerBound < band.upperBound
                ? "; bars ±1 sd; shaded: \(SimulationTextReport.number(band.lowerBound, 2))–\(SimulationTextReport.number(band.upperBound, 2)), within 2% of the lowest cost"
                : "; bars ±1 sd"
        }
        return render(title: title, subtitle: subtitle, panels: panels, marker: marker, band: band)
    }

    /// A line (with optional dots and ±deviation bars) in a panel.
    struct Series {
        var x: [Double]
        var y: [Double]
        var deviation: [Double]?
        var color: String
        var dots: Bool
        /// Stroke width.
        var width = 2.0
        /// Written at the line's end, when set.
        var label: String? = nil
    }

    /// One chart with its axes.
    struct Panel {
        var title: String
        var xLabel: String
        var yLabel: String
        var series: [Series]
        var horizontalLine: (value: Double, label: String)?
        /// Whether the vertical axis starts at 0 (else it fits the data, for sweeps whose
        /// differences matter more than their size).
        var fromZero = true
        /// Whether the recommendation line and the near-optimal band are drawn (panels against
        /// the retention).
        var marksRetention = false
    }

    static let width = 960.0
    static let panelHeight = 250.0
    static let left = 90.0, right = 40.0, panelTop = 34.0, panelBottom = 52.0
    /// Characters of 12-point text that fit across the plot.
    static let subtitleCharacters = 120

    static func render(title: String, subtitle: String, panels: [Panel], marker: Double?, band: ClosedRange<Double>?) -> String {
        let lines = wrap(subtitle, width: subtitleCharacters)
        let headerHeight = 46.0 + 16 * Double(lines.count)
        let height = headerHeight + Double(panels.count) * (panelHeight + panelTop + panelBottom) + 10
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" \
        viewBox="0 0 \(format(width)) \(format(height))" font-family="Helvetica, Arial, sans-serif">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(format(left))" y="28" font-size="20" font-weight="bold">\(escape(title))</text>

        """
        for (index, line) in lines.enumerated() {
            svg += "<text x=\"\(format(left))\" y=\"\(format(50 + 16 * Double(index)))\" font-size=\"12\" fill=\"#555\">\(escape(line))</text>\n"
        }
        var top = headerHeight
        for panel in panels {
            svg += render(panel, top: top + panelTop, marker: marker, band: band)
            top += panelTop + panelHeight + panelBottom
        }
        return svg + "</svg>\n"
    }

    static func render(_ panel: Panel, top: Double, marker: Double?, band: ClosedRange<Double>?) -> String {
        let plotWidth = width - left - right
        let xs = panel.series.flatMap(\.x)
        var ys: [Double] = []
        for series in panel.series {
            for (index, value) in series.y.enumerated() where value.isFinite {
                let deviation = series.deviation?[index] ?? 0
                ys += [value - deviation, value + deviation]
            }
        }
        if let line = panel.horizontalLine { ys.append(line.value) }
        var xRange = (xs.min() ?? 0) ... (xs.max() ?? 1)
        if xRange.lowerBound == xRange.upperBound { xRange = xRange.lowerBound - 0.5 ... xRange.upperBound + 0.5 }
        let xTicks = ticks(xRange)
        let lowest = ys.min() ?? 0, highest = ys.max() ?? 1
        let margin = panel.fromZero ? 0 : (highest - lowest) * 0.05
        let yTicks = ticks((panel.fromZero ? min(0, lowest) : lowest - margin) ... max(highest + margin, lowest + 1e-9))
        let yRange = yTicks.first! ... yTicks.last!
        func x(_ value: Double) -> Double { left + (value - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * plotWidth }
        func y(_ value: Double) -> Double { top + panelHeight - (value - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * panelHeight }

        var svg = "<g>\n<text x=\"\(format(left))\" y=\"\(format(top - 12))\" font-size=\"15\" font-weight=\"bold\">\(escape(panel.title))</text>\n"
        let band = panel.marksRetention ? band : nil
        let marker = panel.marksRetention ? marker : nil
        if let band, band.lowerBound < band.upperBound {
            svg += "<rect x=\"\(format(x(band.lowerBound)))\" y=\"\(format(top))\" width=\"\(format(x(band.upperBound) - x(band.lowerBound)))\" "
                + "height=\"\(format(panelHeight))\" fill=\"#2ca02c\" fill-opacity=\"0.10\"/>\n"
        }
        // Grid and axes.
        for tick in yTicks {
            svg += "<line x1=\"\(format(left))\" y1=\"\(format(y(tick)))\" x2=\"\(format(left + plotWidth))\" y2=\"\(format(y(tick)))\" stroke=\"#e5e5e5\"/>\n"
            svg += "<text x=\"\(format(left - 8))\" y=\"\(format(y(tick) + 4))\" font-size=\"12\" text-anchor=\"end\">\(tickLabel(tick, yTicks))</text>\n"
        }
        for tick in xTicks where xRange.contains(tick) {
            svg += "<line x1=\"\(format(x(tick)))\" y1=\"\(format(top + panelHeight))\" x2=\"\(format(x(tick)))\" y2=\"\(format(top + panelHeight + 5))\" stroke=\"#333\"/>\n"
            svg += "<text x=\"\(format(x(tick)))\" y=\"\(format(top + panelHeight + 20))\" font-size=\"12\" text-anchor=\"middle\">\(tickLabel(tick, xTicks))</text>\n"
        }
        svg += "<rect x=\"\(format(left))\" y=\"\(format(top))\" width=\"\(format(plotWidth))\" height=\"\(format(panelHeight))\" fill=\"none\" stroke=\"#333\"/>\n"
        svg += "<text x=\"\(format(left + plotWidth / 2))\" y=\"\(format(top + panelHeight + 42))\" font-size=\"13\" text-anchor=\"middle\">\(escape(panel.xLabel))</text>\n"
        let middle = top + panelHeight / 2
        svg += "<text x=\"\(format(left - 62))\" y=\"\(format(middle))\" font-size=\"13\" text-anchor=\"middle\" transform=\"rotate(-90 \(format(left - 62)) \(format(middle)))\">\(escape(panel.yLabel))</text>\n"
        if let line = panel.horizontalLine {
            svg += "<line x1=\"\(format(left))\" y1=\"\(format(y(line.value)))\" x2=\"\(format(left + plotWidth))\" y2=\"\(format(y(line.value)))\" stroke=\"#555\" stroke-dasharray=\"6 4\"/>\n"
            svg += "<text x=\"\(format(left + plotWidth - 4))\" y=\"\(format(y(line.value) - 5))\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">\(escape(line.label))</text>\n"
        }
        // Series.
        for series in panel.series {
            let points = zip(series.x, series.y).filter { $0.1.isFinite }
            if let deviation = series.deviation {
                for (index, (px, py)) in zip(series.x, series.y).enumerated() where py.isFinite && deviation[index] > 0 {
                    svg += "<line x1=\"\(format(x(px)))\" y1=\"\(format(y(py - deviation[index])))\" x2=\"\(format(x(px)))\" "
                        + "y2=\"\(format(y(py + deviation[index])))\" stroke=\"\(series.color)\" stroke-opacity=\"0.6\"/>\n"
                }
            }
            let path = points.map { "\(format(x($0.0))),\(format(y($0.1)))" }.joined(separator: " ")
            svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(series.color)\" stroke-width=\"\(format(series.width))\"/>\n"
            if let label = series.label, let last = points.last {
                svg += "<text x=\"\(format(x(last.0) + 3))\" y=\"\(format(y(last.1) + 4))\" font-size=\"11\" fill=\"\(series.color)\">\(escape(label))</text>\n"
            }
            if series.dots {
                for (px, py) in points {
                    svg += "<circle cx=\"\(format(x(px)))\" cy=\"\(format(y(py)))\" r=\"3\" fill=\"\(series.color)\"/>\n"
                }
            }
        }
        if let marker {
            svg += "<line x1=\"\(format(x(marker)))\" y1=\"\(format(top))\" x2=\"\(format(x(marker)))\" y2=\"\(format(top + panelHeight))\" stroke=\"#2ca02c\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>\n"
            svg += "<text x=\"\(format(x(marker) + 5))\" y=\"\(format(top + 14))\" font-size=\"12\" fill=\"#2ca02c\">recommended \(SimulationTextReport.number(marker, 2))</text>\n"
        }
        return svg + "</g>\n"
    }

    /// Text broken after commas and semicolons into lines of at most `width` characters
    /// (a longer piece stays whole).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var piece = ""
        for character in text {
            piece.append(character)
            if character == "," || character == ";" {
                if !line.isEmpty, line.count + piece.count > width {
                    lines.append(line)
                    line = String(piece.drop { $0 == " " })
                } else {
                    line += piece
                }
                piece = ""
            }
        }
        if !line.isEmpty, line.count + piece.count > width {
            lines.append(line)
            line = String(piece.drop { $0 == " " })
        } else {
            line += piece
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// About six round tick values (steps of 1, 2 or 5 × 10ⁿ) covering `range`.
    static func ticks(_ range: ClosedRange<Double>) -> [Double] {
        let span = max(range.upperBound - range.lowerBound, 1e-12)
        let rough = span / 6
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough * (1 - 1e-9) } ?? 10 * magnitude
        let first = (range.lowerBound / step).rounded(.down) * step
        let last = (range.upperBound / step).rounded(.up) * step
        return stride(from: first, through: last + step / 2, by: step).map { ($0 / step).rounded() * step }
    }

    /// A tick's label with as many decimals as the step needs, thousands grouped.
    static func tickLabel(_ value: Double, _ ticks: [Double]) -> String {
        let step = ticks.count > 1 ? abs(ticks[1] - ticks[0]) : 1
        var decimals = 0
        var scaled = step
        while scaled < 1 - 1e-9, decimals < 6 {
            scaled *= 10
            decimals += 1
        }
        return SimulationTextReport.number(value, decimals)
    }

    /// A coordinate with at most one decimal.
    static func format(_ value: Double) -> String {
        SimulationCSV.csvNumber((value * 10).rounded() / 10, decimals: 1)
    }

    /// Text with `&`, `<` and `>` escaped.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
