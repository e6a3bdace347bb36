import Foundation
import YouTubeKit

/// Small inline SVG charts for `ytcrawl report`: drawn here, so the page needs no script, font or
/// file from anywhere. Every label is HTML-escaped. Values are counts (videos, views): each
/// value axis is ticked at round steps from 0 (``AxisTicks``) and says what it counts.
enum SVGChart {
    /// One bar or point: its label and value.
    struct Bar {
        var label: String
        var value: Double
    }

    /// One line of a line chart: its name and points (x in any unit, y ≥ 0).
    struct Series {
        var name: String
        var points: [(x: Double, y: Double)]
    }

    static let palette = ["#3b82f6", "#ef4444", "#10b981", "#f59e0b", "#8b5cf6", "#ec4899", "#14b8a6", "#64748b"]

    /// Vertical bars (a histogram or a time series), every `labelEvery`-th label shown; `unit`
    /// names what the height counts (the y axis's caption, e.g. "videos").
    static func columns(
        _ bars: [Bar], unit: String, width: Int = 720, height: Int = 220, labelEvery: Int = 1, id: String
    ) -> String {
        guard !bars.isEmpty else { return empty(id: id) }
        let left = 60.0
        let bottom = 36.0
        let plotWidth = Double(width) - left - 8
        let plotHeight = Double(height) - bottom - 12
        let ticks = AxisTicks.choose(maximum: bars.map(\.value).max() ?? 0, integers: true)
        let top = ticks.top
        let step = plotWidth / Double(bars.count)
        var svg = open(width: width, height: height, id: id)
        svg += axis(left: left, plotHeight: plotHeight, plotWidth: plotWidth, ticks: ticks, unit: unit)
        for (index, bar) in bars.enumerated() {
            let barHeight = plotHeight * bar.value / top
            let x = left + Double(index) * step
            svg += rect(x: x + step * 0.1, y: 12 + plotHeight - barHeight, width: step * 0.8, height: barHeight)
            svg += "<title>\(escape(bar.label)): \(number(bar.value))</title></rect>"
            if index % max(1, labelEvery) == 0 {
                svg += text(
                    x: x + step / 2, y: Double(height) - bottom + 14, anchor: "middle", escape(bar.label), size: 10)
            }
        }
        return svg + "</svg>"
    }

    /// Horizontal bars with their labels, in the order given, over an x axis ticked below them;
    /// `unit` names what the length counts (the axis's caption, e.g. "videos").
    static func rows(_ bars: [Bar], unit: String, width: Int = 720, id: String) -> String {
        guard !bars.isEmpty else { return empty(id: id) }
        let rowHeight = 22.0
        let labelWidth = 220.0
        let plotBottom = 4 + rowHeight * Double(bars.count)
        let height = Int(plotBottom) + 36
        let ticks = AxisTicks.choose(maximum: bars.map(\.value).max() ?? 0, integers: true)
        let top = ticks.top
        let plotWidth = Double(width) - labelWidth - 90
        var svg = open(width: width, height: height, id: id)
        for value in ticks.values {
            let x = labelWidth + plotWidth * value / top
            svg += "<line x1=\"\(f(x))\" x2=\"\(f(x))\" y1=\"4.0\" y2=\"\(f(plotBottom))\" class=\"grid\"/>"
            svg += text(x: x, y: plotBottom + 13, anchor: "middle", ticks.label(value), size: 10, className: "tick")
        }
        svg += text(
            x: labelWidth + plotWidth / 2, y: plotBottom + 29, anchor: "middle", escape(unit), size: 11,
            className: "unit")
        for (index, bar) in bars.enumerated() {
            let y = 4 + Double(index) * rowHeight
            svg += text(x: labelWidth - 6, y: y + 15, anchor: "end", escape(clip(bar.label, 34)), size: 12)
            svg += rect(x: labelWidth, y: y + 3, width: max(1, plotWidth * bar.value / top), height: rowHeight - 6)
            svg += "<title>\(escape(bar.label)): \(number(bar.value))</title></rect>"
            svg += text(
                x: labelWidth + max(1, plotWidth * bar.value / top) + 6, y: y + 15, anchor: "start",
                number(bar.value), size: 11)
        }
        return svg + "</svg>"
    }

    /// Lines over a shared x axis (UTC seconds), labelled by date, with a legend; `unit` names
    /// what the y axis counts (its caption, e.g. "views").
    /// `markers` (UTC seconds and a label) within the lines' span are drawn as dashed verticals.
    static func lines(
        _ series: [Series], unit: String, width: Int = 720, height: Int = 260, id: String,
        markers: [(x: Double, label: String)] = []
    ) -> String {
        let points = series.flatMap(\.points)
        guard !points.isEmpty else { return empty(id: id) }
        let left = 60.0
        let bottom = 36.0
        let legend = Double(18 * series.count)
        let plotWidth = Double(width) - left - 12
        let plotHeight = Double(height) - bottom - 12 - legend
        let minX = points.map(\.x).min() ?? 0
        let maxX = max(minX + 1, points.map(\.x).max() ?? 1)
        let ticks = AxisTicks.choose(maximum: points.map(\.y).max() ?? 0, integers: true)
        let top = ticks.top
        var svg = open(width: width, height: height, id: id)
        svg += axis(left: left, plotHeight: plotHeight, plotWidth: plotWidth, ticks: ticks, unit: unit)
        // A date under the first point of each day, when it is clear of the last label.
        var lastLabel: (date: String, position: Double)?
        for x in Set(points.map(\.x)).sorted() {
            let position = left + plotWidth * (x - minX) / (maxX - minX)
            let date = String(RFC3339.format(seconds: Int64(x)).prefix(10))
            if let lastLabel, lastLabel.date == date || position - lastLabel.position < 70 { continue }
            svg += text(x: position, y: 12 + plotHeight + 14, anchor: "middle", date, size: 10)
            lastLabel = (date, position)
        }
        for marker in markers where marker.x >= minX && marker.x <= maxX {
            let position = left + plotWidth * (marker.x - minX) / (maxX - minX)
            svg +=
                "<line class=\"marker\" x1=\"\(f(position))\" y1=\"12\" x2=\"\(f(position))\" y2=\"\(f(12 + plotHeight))\" stroke=\"#888\" stroke-dasharray=\"4 3\"><title>\(escape(marker.label))</title></line>"
            svg += text(x: position, y: 22, anchor: "middle", escape(clip(marker.label, 40)), size: 9)
        }
        for (index, line) in series.enumerated() {
            let color = palette[index % palette.count]
            let coordinates = line.points.sorted { $0.x < $1.x }.map { point in
                f(left + plotWidth * (point.x - minX) / (maxX - minX)) + ","
                    + f(12 + plotHeight - plotHeight * point.y / top)
            }
            svg +=
                "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(coordinates.joined(separator: " "))\">"
            svg += "<title>\(escape(line.name))</title></polyline>"
            for coordinate in coordinates {
                let parts = coordinate.split(separator: ",")
                svg += "<circle cx=\"\(parts[0])\" cy=\"\(parts[1])\" r=\"3\" fill=\"\(color)\"/>"
            }
            let y = Double(height) - legend + Double(index) * 18 + 10
            svg += "<rect x=\"\(Int(left))\" y=\"\(Int(y) - 9)\" width=\"12\" height=\"12\" fill=\"\(color)\"/>"
            svg += text(x: left + 18, y: y + 1, anchor: "start", escape(clip(line.name, 90)), size: 11)
        }
        return svg + "</svg>"
    }

    /// `1234567` as `1.2M`, `12345` as `12.3k`, small numbers as they are.
    static func number(_ value: Double) -> String {
        switch abs(value) {
        case 1e9...: String(format: "%.1fB", value / 1e9)
        case 1e6...: String(format: "%.1fM", value / 1e6)
        case 1e4...: String(format: "%.1fk", value / 1e3)
        default: value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
        }
    }

    static func escape(_ text: String) -> String { HTMLEntities.escape(text) }

    private static func clip(_ text: String, _ count: Int) -> String {
        text.count > count ? String(text.prefix(count - 1)) + "…" : text
    }

    private static func open(width: Int, height: Int, id: String) -> String {
        "<svg id=\"\(id)\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\">"
    }

    private static func empty(id: String) -> String {
        "<svg id=\"\(id)\" class=\"chart empty\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 720 40\" width=\"720\" height=\"40\" role=\"img\">"
            + text(x: 8, y: 24, anchor: "start", "nothing to show", size: 12) + "</svg>"
    }

    /// A coordinate with one decimal.
    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func rect(x: Double, y: Double, width: Double, height: Double) -> String {
        "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(max(0, width)))\" height=\"\(f(max(0, height)))\" fill=\"\(palette[0])\">"
    }

    private static func text(
        x: Double, y: Double, anchor: String, _ content: String, size: Int, className: String? = nil,
        rotated: Bool = false
    ) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\" text-anchor=\"\(anchor)\" font-size=\"\(size)\""
            + (className.map { " class=\"\($0)\"" } ?? "")
            + (rotated ? " transform=\"rotate(-90 \(f(x)) \(f(y)))\"" : "") + ">" + content + "</text>"
    }

    /// The y axis: a gridline and its label at each tick, and the caption saying what it counts
    /// along its side.
    private static func axis(
        left: Double, plotHeight: Double, plotWidth: Double, ticks: AxisTicks, unit: String
    ) -> String {
        var svg = ""
        for value in ticks.values {
            let y = 12 + plotHeight - plotHeight * value / ticks.top
            svg +=
                "<line x1=\"\(f(left))\" x2=\"\(f(left + plotWidth))\" y1=\"\(f(y))\" y2=\"\(f(y))\" class=\"grid\"/>"
            svg += text(x: left - 6, y: y + 4, anchor: "end", ticks.label(value), size: 10, className: "tick")
        }
        svg += text(
            x: 14, y: 12 + plotHeight / 2, anchor: "middle", escape(unit), size: 11, className: "unit", rotated: true)
        return svg
    }
}
