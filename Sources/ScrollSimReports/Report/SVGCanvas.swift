import ScrollSimCore

/// A small inline-SVG builder for the HTML report's charts: lines, rectangles, paths, circles and
/// text, styled by CSS classes of the page (so the SVG has no styles of its own).
///
/// Coordinates are printed with one decimal by `DecimalFormat` (never `description`), text is
/// escaped, and elements keep the order they were added in: the same chart gives the same bytes.
/// It does no layout: callers place everything (see `HTMLReport+Charts.swift`).
struct SVGCanvas {
    /// How text is anchored at its x coordinate.
    enum Anchor: String {
        /// The text starts at x, ends at x, or is centred on x.
        case start, middle, end
    }

    /// Width in CSS pixels.
    let width: Int
    /// Height in CSS pixels.
    let height: Int
    /// What the chart shows, for assistive technology (`aria-label`).
    let label: String
    /// The elements, in drawing order.
    private var elements: [String] = []

    /// An empty canvas.
    init(width: Int, height: Int, label: String) {
        self.width = width
        self.height = height
        self.label = label
    }

    /// A straight line.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, cssClass: String) {
        elements.append("<line class=\"\(cssClass)\" x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" "
                        + "x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\"/>")
    }

    /// A rectangle, filled with `fill` when given (else by its class), with a tooltip when `title` is given.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, cssClass: String, fill: String? = nil,
                       title: String? = nil) {
        let fillAttribute = fill.map { " fill=\"\($0)\"" } ?? ""
        let open = "<rect class=\"\(cssClass)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" "
            + "width=\"\(Self.number(max(0, width)))\" height=\"\(Self.number(max(0, height)))\"\(fillAttribute)"
        elements.append(title.map { open + "><title>\(HTMLText.escape($0))</title></rect>" } ?? open + "/>")
    }

    /// A path with data `data` (already formatted), stroked with `stroke` when given, dashed with
    /// `dashArray` (an SVG `stroke-dasharray`) when given.
    mutating func path(_ data: String, cssClass: String, stroke: String? = nil, strokeWidth: Double? = nil,
                       dashArray: String? = nil) {
        let strokeAttribute = stroke.map { " stroke=\"\($0)\"" } ?? ""
        let widthAttribute = strokeWidth.map { " stroke-width=\"\(Self.number($0))\"" } ?? ""
        let dashAttribute = dashArray.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        elements.append("<path class=\"\(cssClass)\"\(strokeAttribute)\(widthAttribute)\(dashAttribute) "
                        + "d=\"\(data)\"/>")
    }

    /// A circle filled with `fill`, with a tooltip when `title` is given.
    mutating func circle(x: Double, y: Double, radius: Double, cssClass: String, fill: String, title: String? = nil) {
        let open = "<circle class=\"\(cssClass)\" cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" "
            + "r=\"\(Self.number(radius))\" fill=\"\(fill)\""
        elements.append(title.map { open + "><title>\(HTMLText.escape($0))</title></circle>" } ?? open + "/>")
    }

    /// A text element (escaped).
    mutating func text(_ content: String, x: Double, y: Double, anchor: Anchor = .start, cssClass: String) {
        elements.append("<text class=\"\(cssClass)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" "
                        + "text-anchor=\"\(anchor.rawValue)\">\(HTMLText.escape(content))</text>")
    }

    /// The `<svg>` element, one element per line (no `xmlns`: inline SVG in HTML needs none).
    func render() -> String {
        "<svg width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(HTMLText.escape(label))\">\n"
            + elements.map { $0 + "\n" }.joined() + "</svg>"
    }

    /// A coordinate with one decimal, e.g. "12.5".
    static func number(_ value: Double) -> String { DecimalFormat.fixed(value, decimals: 1) }
}

/// Evenly spaced "nice" axis ticks from 0: steps of 1, 2, 2.5 or 5 × 10^k (Heckbert's "nice
/// numbers", Graphics Gems 1990, with 2.5 added), found by multiplying and dividing by ten (no
/// `log10`, so no platform math library is involved).
struct AxisTicks {
    /// The tick values, from 0 to `top`.
    let values: [Double]
    /// The axis maximum (the last tick).
    let top: Double
    /// Decimals needed to print every tick exactly.
    let decimals: Int

    /// About `count` ticks from 0 covering `maximum` (at least one step; 0…1 when `maximum` ≤ 0).
    init(covering maximum: Double, count: Int = 5) {
        guard maximum > 0, maximum.isFinite else {
            values = [0, 0.25, 0.5, 0.75, 1]
            top = 1
            decimals = 2
            return
        }
        let raw = maximum / Double(max(1, count))
        var power = 1.0
        var exponent = 0
        while power * 10 <= raw {
            power *= 10
            exponent += 1
        }
        while power > raw {
            power /= 10
            exponent -= 1
        }
        var step = power * 10
        var decimals = max(0, -(exponent + 1))
        for multiplier in [1.0, 2.0, 2.5, 5.0] where multiplier * power >= raw {
            step = multiplier * power
            decimals = max(0, -exponent + (multiplier == 2.5 ? 1 : 0))
            break
        }
        var ticks: [Double] = [0]
        while ticks.count <= 1 || ticks[ticks.count - 1] < maximum * (1 - 1e-12) {
            ticks.append(Double(ticks.count) * step)
        }
        values = ticks
        top = ticks[ticks.count - 1]
        self.decimals = decimals
    }

    /// `value` printed as a tick label.
    func label(_ value: Double) -> String { DecimalFormat.fixed(value, decimals: decimals) }
}

/// Escaping text for HTML and SVG.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, safe in element
    /// content and in quoted attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
