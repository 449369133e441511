import Foundation

/// Draws `simulate`'s charts as SVG: panels stacked one above another, each with its axes, a
/// title, optional legend lines, series (lines with dots and ±deviation bars, broken where a
/// value is missing), a dashed horizontal line (a budget), and, on panels against the
/// retention, named vertical marks and a shaded band. Labels never overlap: tick labels that
/// would touch the previous one are left out, the names of marks that would collide move to
/// a lower row, and labels at line ends are pushed apart vertically. A panel's axis never
/// passes what its quantity can be (``Panel/bounds``): a ±deviation bar that would is cut at
/// the bound and drawn dashed.
enum ChartRenderer {
    /// A line (with optional dots and ±deviation bars) in a panel; a value that is not finite
    /// is a gap.
    struct Series {
        var x: [Double]
        var y: [Double]
        var deviation: [Double]? = nil
        var color: String
        var dots = false
        /// Stroke width.
        var width = 2.0
        /// Written at the line's end, when set.
        var label: String? = nil
        /// The line's opacity (1: solid; less for a faint line behind the others).
        var opacity = 1.0
    }

    /// A named vertical line at a retention (the recommendation, the budget's answer).
    struct Mark {
        var retention: Double
        var label: String
        var color: String
    }

    /// The ticks of a panel over the days: (day from 0, label) pairs, and the axis' name.
    struct DayAxis {
        var ticks: [(day: Int, label: String)]
        var label: String
    }

    /// One chart with its axes.
    struct Panel {
        var title: String
        var yLabel: String
        var series: [Series]
        var horizontalLine: (value: Double, label: String)?
        /// Whether the vertical axis starts at 0 (else it fits the data, for sweeps whose
        /// differences matter more than their size).
        var fromZero = true
        /// Whether the marks and the near-optimal band are drawn (panels against the retention).
        var marksRetention = false
        /// Lines of small text under the title: what is not drawn and why, what the lines are.
        var legend: [String] = []
        /// The axis of a panel over the days (x = day from 1); `nil`: against the retention.
        var dayAxis: DayAxis?
        /// What the quantity can be (minutes a day from 0 to 1,440, items from 0 to the deck);
        /// the axis stays within it and ±deviation bars are cut at it. `nil`: no bound.
        var bounds: ClosedRange<Double>?

        init(title: String, yLabel: String, series: [Series], fromZero: Bool = true) {
            self.title = title
            self.yLabel = yLabel
            self.series = series
            self.fromZero = fromZero
        }
    }

    static let width = 960.0
    static let panelHeight = 250.0
    static let left = 90.0, right = 44.0, panelTop = 34.0, panelBottom = 52.0
    /// Height of a legend line under a panel's title.
    static let legendLine = 14.0
    /// Characters of 12-point text that fit across the plot.
    static let subtitleCharacters = 120
    /// Characters of the 20-point bold title that fit across the chart.
    static let titleCharacters = 68
    /// Characters of 11-point text that fit across the plot.
    static let legendCharacters = 140

    /// The whole chart.
    static func render(title: String, subtitle: String, panels: [Panel], marks: [Mark], band: ClosedRange<Double>?) -> String {
        let lines = wrap(subtitle, width: subtitleCharacters)
        let titleLines = wrap(title, width: titleCharacters)
        let titleHeight = 24 * Double(titleLines.count - 1)
        let headerHeight = 46.0 + titleHeight + 16 * Double(lines.count)
        let legends = panels.map { $0.legend.flatMap { wrap($0, width: legendCharacters) } }
        let height = headerHeight + zip(panels, legends).reduce(0) { $0 + panelTop + legendLine * Double($1.1.count) + panelHeight + panelBottom } + 10
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" \
        viewBox="0 0 \(format(width)) \(format(height))" font-family="Helvetica, Arial, sans-serif">
        <rect width="100%" height="100%" fill="white"/>

        """
        for (index, line) in titleLines.enumerated() {
            svg += "<text x=\"\(format(left))\" y=\"\(format(28 + 24 * Double(index)))\" font-size=\"20\" font-weight=\"bold\">\(escape(line))</text>\n"
        }
        for (index, line) in lines.enumerated() {
            svg += "<text x=\"\(format(left))\" y=\"\(format(50 + titleHeight + 16 * Double(index)))\" font-size=\"12\" fill=\"#555\">\(escape(line))</text>\n"
        }
        var top = headerHeight
        for (panel, legend) in zip(panels, legends) {
            let plotTop = top + panelTop + legendLine * Double(legend.count)
            svg += render(panel, legend: legend, top: plotTop, marks: marks, band: band)
            top = plotTop + panelHeight + panelBottom
        }
        return svg + "</svg>\n"
    }

    /// An estimate of the width of `text` at `size` points (Helvetica averages a little over
    /// half the size per character).
    static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.56 }

    static func render(_ panel: Panel, legend: [String], top: Double, marks: [Mark], band: ClosedRange<Double>?) -> String {
        let plotWidth = width - left - right
        let xs = panel.series.flatMap(\.x)
        var ys: [Double] = []
        for series in panel.series {
            for (index, value) in series.y.enumerated() where value.isFinite {
                let deviation = series.deviation?[index] ?? 0
                ys += [value - (deviation.isFinite ? deviation : 0), value + (deviation.isFinite ? deviation : 0)].map { clamped($0, panel.bounds) }
            }
        }
        if let line = panel.horizontalLine {
            // Room above the line for its name, clear of the data below it.
            let spread = max(ys.max() ?? line.value, line.value) - min(ys.min() ?? line.value, line.value, 0)
            ys += [line.value, line.value + max(spread, 1) * 0.1]
        }
        var xRange = (xs.min() ?? 0) ... (xs.max() ?? 1)
        if xRange.lowerBound == xRange.upperBound { xRange = xRange.lowerBound - 0.5 ... xRange.upperBound + 0.5 }
        let lowest = ys.min() ?? 0, highest = ys.max() ?? 1
        let margin = panel.fromZero ? 0 : (highest - lowest) * 0.05
        // A fitted axis of values that are never negative does not go below 0.
        let bottom = panel.fromZero ? min(0, lowest) : lowest >= 0 ? max(0, lowest - margin) : lowest - margin
        var yTicks = ticks(bottom ... max(highest + margin, lowest + 1e-9))
        var yRange = yTicks.first! ... yTicks.last!
        if let bounds = panel.bounds, yRange.upperBound > bounds.upperBound || yRange.lowerBound < bounds.lowerBound {
            // Round ticks past what the quantity can be: the axis ends at the bound.
            yRange = max(yRange.lowerBound, bounds.lowerBound) ... min(yRange.upperBound, bounds.upperBound)
            yTicks = yTicks.filter { yRange.contains($0) }
        }
        func x(_ value: Double) -> Double { left + (value - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * plotWidth }
        func y(_ value: Double) -> Double { top + panelHeight - (value - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * panelHeight }

        let titleY = top - 12 - legendLine * Double(legend.count)
        var svg = "<g>\n<text x=\"\(format(left))\" y=\"\(format(titleY))\" font-size=\"15\" font-weight=\"bold\">\(escape(panel.title))</text>\n"
        for (index, line) in legend.enumerated() {
            svg += "<text x=\"\(format(left))\" y=\"\(format(titleY + legendLine * Double(index + 1)))\" font-size=\"11\" fill=\"#444\">\(escape(line))</text>\n"
        }
        let band = panel.marksRetention ? band : nil
        if let band, band.lowerBound < band.upperBound {
            svg += "<rect x=\"\(format(x(band.lowerBound)))\" y=\"\(format(top))\" width=\"\(format(x(band.upperBound) - x(band.lowerBound)))\" "
                + "height=\"\(format(panelHeight))\" fill=\"#2ca02c\" fill-opacity=\"0.10\"/>\n"
        }
        // Grid and axes.
        for tick in yTicks {
            svg += "<line x1=\"\(format(left))\" y1=\"\(format(y(tick)))\" x2=\"\(format(left + plotWidth))\" y2=\"\(format(y(tick)))\" stroke=\"#e5e5e5\"/>\n"
            svg += "<text x=\"\(format(left - 8))\" y=\"\(format(y(tick) + 4))\" font-size=\"12\" text-anchor=\"end\">\(tickLabel(tick, yTicks))</text>\n"
        }
        let xTicks: [(value: Double, label: String)]
        if let axis = panel.dayAxis {
            xTicks = axis.ticks.map { (Double($0.day + 1), $0.label) }
        } else {
            let values = ticks(xRange)
            xTicks = values.map { ($0, tickLabel($0, values)) }
        }
        var lastRight = -Double.infinity
        let slack = (xRange.upperBound - xRange.lowerBound) * 1e-9
        for tick in xTicks where (xRange.lowerBound - slack ... xRange.upperBound + slack).contains(tick.value) {
            let position = x(tick.value), half = textWidth(tick.label, size: 12) / 2
            svg += "<line x1=\"\(format(position))\" y1=\"\(format(top + panelHeight))\" x2=\"\(format(position))\" y2=\"\(format(top + panelHeight + 5))\" stroke=\"#333\"/>\n"
            // A label that would touch the previous one is left out (its tick stays).
            guard position - half > lastRight + 4 else { continue }
            lastRight = position + half
            svg += "<text x=\"\(format(position))\" y=\"\(format(top + panelHeight + 20))\" font-size=\"12\" text-anchor=\"middle\">\(escape(tick.label))</text>\n"
        }
        svg += "<rect x=\"\(format(left))\" y=\"\(format(top))\" width=\"\(format(plotWidth))\" height=\"\(format(panelHeight))\" fill=\"none\" stroke=\"#333\"/>\n"
        let xLabel = panel.dayAxis?.label ?? "desired retention"
        svg += "<text x=\"\(format(left + plotWidth / 2))\" y=\"\(format(top + panelHeight + 42))\" font-size=\"13\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
        let middle = top + panelHeight / 2
        svg += "<text x=\"\(format(left - 62))\" y=\"\(format(middle))\" font-size=\"13\" text-anchor=\"middle\" transform=\"rotate(-90 \(format(left - 62)) \(format(middle)))\">\(escape(panel.yLabel))</text>\n"
        var reserved: [Rectangle] = []
        if let line = panel.horizontalLine {
            // Above the line, or below it when the line runs along the plot's top.
            let labelY = y(line.value) - 16 < top ? y(line.value) + 13 : y(line.value) - 5, labelRight = left + plotWidth - 4
            svg += "<line x1=\"\(format(left))\" y1=\"\(format(y(line.value)))\" x2=\"\(format(left + plotWidth))\" y2=\"\(format(y(line.value)))\" stroke=\"#555\" stroke-dasharray=\"6 4\"/>\n"
            svg += "<text x=\"\(format(labelRight))\" y=\"\(format(labelY))\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">\(escape(line.label))</text>\n"
            reserved.append(Rectangle(x: labelRight - textWidth(line.label, size: 11) ... labelRight, y: labelY - 11 ... labelY + 2))
        }
        // Series, each broken where a value is missing.
        var endLabels: [(y: Double, x: Double, text: String, color: String)] = []
        for series in panel.series {
            let points = zip(series.x, series.y).filter { $0.1.isFinite }
            if let deviation = series.deviation {
                for (index, (px, py)) in zip(series.x, series.y).enumerated() where py.isFinite && deviation[index].isFinite && deviation[index] > 0 {
                    let low = clamped(py - deviation[index], panel.bounds), high = clamped(py + deviation[index], panel.bounds)
                    let cut = low != py - deviation[index] || high != py + deviation[index]
                    svg += "<line x1=\"\(format(x(px)))\" y1=\"\(format(y(low)))\" x2=\"\(format(x(px)))\" "
                        + "y2=\"\(format(y(high)))\" stroke=\"\(series.color)\" stroke-opacity=\"0.6\"\(cut ? " stroke-dasharray=\"3 2\"" : "")/>\n"
                }
            }
            var run: [String] = []
            func flush() {
                if run.count > 1 {
                    svg += "<polyline points=\"\(run.joined(separator: " "))\" fill=\"none\" stroke=\"\(series.color)\" stroke-width=\"\(format(series.width))\""
                        + (series.opacity < 1 ? " stroke-opacity=\"\(format(series.opacity))\"" : "") + "/>\n"
                }
                run.removeAll()
            }
            for (px, py) in zip(series.x, series.y) {
                if py.isFinite { run.append("\(format(x(px))),\(format(y(py)))") } else { flush() }
            }
            flush()
            if let label = series.label, let last = points.last {
                endLabels.append((y(last.1) + 4, x(last.0) + 3, label, series.color))
            }
            if series.dots {
                for (px, py) in points {
                    svg += "<circle cx=\"\(format(x(px)))\" cy=\"\(format(y(py)))\" r=\"3\" fill=\"\(series.color)\"/>\n"
                }
            }
        }
        let spread = spreadApart(endLabels.map(\.y), gap: 12, within: top + 8 ... top + panelHeight + 4)
        for (label, labelY) in zip(endLabels, spread) {
            svg += "<text x=\"\(format(label.x))\" y=\"\(format(labelY))\" font-size=\"11\" fill=\"\(label.color)\">\(escape(label.text))</text>\n"
        }
        if panel.marksRetention {
            svg += render(marks: marks, x: x, top: top, plotRight: left + plotWidth, reserved: reserved)
        }
        return svg + "</g>\n"
    }

    /// `value` within `bounds` (as it is without bounds).
    static func clamped(_ value: Double, _ bounds: ClosedRange<Double>?) -> Double {
        guard let bounds else { return value }
        return min(max(value, bounds.lowerBound), bounds.upperBound)
    }

    /// Where a label lies, to keep others off it.
    struct Rectangle {
        var x: ClosedRange<Double>
        var y: ClosedRange<Double>

        func overlaps(_ other: Rectangle, margin: Double = 3) -> Bool {
            x.overlaps(other.x.lowerBound - margin ... other.x.upperBound + margin)
                && y.overlaps(other.y.lowerBound - margin ... other.y.upperBound + margin)
        }
    }

    /// The marks' lines and names: each name beside its line at the top of the plot, on the
    /// line's left when it would pass the plot's right edge, on a lower row when it would touch
    /// a name already placed or a `reserved` label.
    static func render(marks: [Mark], x: (Double) -> Double, top: Double, plotRight: Double, reserved: [Rectangle]) -> String {
        var svg = ""
        var placed = reserved
        for mark in marks {
            let position = x(mark.retention)
            let text = "\(mark.label) \(SimulationTextReport.number(mark.retention, 2))"
            let textWidth = textWidth(text, size: 12)
            let leftward = position + 5 + textWidth > plotRight
            let span = leftward ? position - 5 - textWidth ... position - 5 : position + 5 ... position + 5 + textWidth
            var row = 0
            func rectangle(_ row: Int) -> Rectangle {
                let baseline = top + 14 + 15 * Double(row)
                return Rectangle(x: span, y: baseline - 12 ... baseline + 2)
            }
            while row < 12, placed.contains(where: { $0.overlaps(rectangle(row)) }) { row += 1 }
            placed.append(rectangle(row))
            svg += "<line x1=\"\(format(position))\" y1=\"\(format(top))\" x2=\"\(format(position))\" y2=\"\(format(top + panelHeight))\" stroke=\"\(mark.color)\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>\n"
            svg += "<text x=\"\(format(leftward ? position - 5 : position + 5))\" y=\"\(format(top + 14 + 15 * Double(row)))\" font-size=\"12\" "
                + "text-anchor=\"\(leftward ? "end" : "start")\" fill=\"\(mark.color)\">\(escape(text))</text>\n"
        }
        return svg
    }

    /// Baselines moved apart so that consecutive ones are at least `gap` apart, as little as
    /// possible, inside `within` when there is room; in the order given.
    static func spreadApart(_ positions: [Double], gap: Double, within bounds: ClosedRange<Double>) -> [Double] {
        let order = positions.indices.sorted { positions[$0] < positions[$1] }
        var sorted = order.map { min(max(positions[$0], bounds.lowerBound), bounds.upperBound) }
        for index in sorted.indices.dropFirst() where sorted[index] < sorted[index - 1] + gap { sorted[index] = sorted[index - 1] + gap }
        if let last = sorted.last, last > bounds.upperBound {
            sorted[sorted.count - 1] = bounds.upperBound
            for index in sorted.indices.dropLast().reversed() where sorted[index] > sorted[index + 1] - gap { sorted[index] = sorted[index + 1] - gap }
        }
        var result = positions
        for (rank, index) in order.enumerated() { result[index] = sorted[rank] }
        return result
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
    @Sendable static func ticks(_ range: ClosedRange<Double>) -> [Double] {
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
