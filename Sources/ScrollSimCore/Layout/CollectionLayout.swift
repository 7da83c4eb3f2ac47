/// The geometry of one vertically scrolling section: a list or a grid of items (docs/model.md, "Layout and viewport").
///
/// Items fill rows left to right; a `list` has one column (whatever `config.columns` says), a
/// `grid` has `config.columns` columns of equal width
/// `(viewportWidth − (columns − 1)·spacing) / columns`, separated by `spacing`. Rows are
/// separated by `spacing`; the content starts with `contentInsetTop` and ends with
/// `contentInsetBottom`. There are no horizontal insets.
///
/// Heights:
/// - Fixed (`itemHeight`): everything is arithmetic, `rowTop(r) = insetTop + r·(height + spacing)`,
///   so 10 million items cost O(1) memory.
/// - Variable (`itemHeightRange`, as self-sizing cells produce): row `r` is
///   `min + u·(max − min)` high with `u = streams.stream("height").uniform(Int64(r))`. In a grid
///   every item of a row takes the row's height (one draw per row, as a flow layout aligns a
///   row's cells), so rows stay rectangular. Row tops are summed once, in row order, into one
///   `[Double]` (one pass; 8 bytes a row); heights are redrawn on demand (two `mix`es).
/// - Listed (`catalog`, a real feed's items): each item has its own height; a row is as tall as
///   its tallest item, and every item's frame spans its row (a flow layout centres shorter cells
///   in the row, inside that band). Row heights and tops are computed once, in row order, into
///   two `[Double]`s (16 bytes a row). `cellPixelSize(ofItem:)` keeps the item's own height.
///
/// Queries binary-search row tops and bottoms, which never decrease (heights and spacing are
/// ≥ 0), so they agree exactly with a scan over `frame(ofItem:)`.
public final class CollectionLayout: Sendable {
    /// Number of items.
    public let itemCount: Int
    /// Number of columns: 1 for a list, `config.columns` for a grid.
    public let columns: Int
    /// Number of rows, `ceil(itemCount / columns)`; the last row may be partly filled.
    public let rowCount: Int
    /// Viewport width, points.
    public let viewportWidth: Double
    /// Viewport height, points.
    public let viewportHeight: Double
    /// Screen scale (pixels per point).
    public let scale: Double
    /// Total content height: insetTop + Σ row heights + (rows − 1)·spacing + insetBottom
    /// (insetTop + insetBottom when there are no items), summed in row order.
    public let contentHeight: Double
    /// Largest content offset, `max(0, contentHeight − viewportHeight)`.
    public let maxOffset: Double

    /// Width of every item, points.
    let itemWidth: Double
    /// Spacing between rows and between columns, points.
    let spacing: Double
    /// Top content inset, points.
    let insetTop: Double
    /// Height of every row when heights are fixed (unused when variable).
    let fixedHeight: Double
    /// Smallest row height when heights are variable.
    let minHeight: Double
    /// `max − min` of the height range when heights are variable.
    let heightSpan: Double
    /// The "height" stream, or nil when heights are fixed.
    let heightStream: RandomStream?
    /// Top of each row when heights are variable or listed (ascending); empty when fixed.
    let rowTops: [Double]
    /// Height of each row when heights are listed (a catalog); empty otherwise.
    let rowHeights: [Double]
    /// Each item's own height when heights are listed (a catalog); empty otherwise.
    let itemHeights: [Double]
    /// Whether every row has `fixedHeight` (no range, no catalog).
    let isFixedHeight: Bool
    /// Every cell's width in pixels, `(itemWidth × scale).rounded()` (`cellPixelSize(ofItem:)`;
    /// converted to `Int` there, at the call, as before it was precomputed).
    let cellPixelWidth: Double
    /// Every cell's height in pixels when heights are fixed, `(fixedHeight × scale).rounded()`.
    let fixedCellPixelHeight: Double

    /// Builds the layout of `config`; variable heights are drawn from `streams`' "height" stream,
    /// listed ones come from `config.catalog` (which then sets the item count).
    /// - Complexity: O(1) with fixed heights, O(rowCount) with variable heights, O(itemCount)
    ///   with listed heights.
    public init(_ config: Scenario.Layout, streams: RandomStreams) {
        precondition(config.itemCount >= 0, "itemCount must be ≥ 0")
        precondition(config.spacing >= 0, "spacing must be ≥ 0")
        itemCount = config.catalog?.itemCount ?? config.itemCount
        columns = config.kind == .list ? 1 : max(1, config.columns)
        rowCount = (itemCount + columns - 1) / columns
        viewportWidth = config.viewportWidth
        viewportHeight = config.viewportHeight
        scale = config.scale
        spacing = config.spacing
        insetTop = config.contentInsetTop
        itemWidth = (config.viewportWidth - Double(columns - 1) * config.spacing) / Double(columns)
        fixedHeight = config.itemHeight

        if let catalog = config.catalog {
            let heights = catalog.itemHeights
            precondition(heights.allSatisfy { $0 >= 0 }, "item heights must be ≥ 0")
            minHeight = 0
            heightSpan = 0
            heightStream = nil
            var tallest = [Double]()
            tallest.reserveCapacity(rowCount)
            var tops = [Double]()
            tops.reserveCapacity(rowCount)
            var top = config.contentInsetTop
            for row in 0..<rowCount {
                let rowHeight = heights[(row * columns)..<min((row + 1) * columns, itemCount)].max() ?? 0
                tallest.append(rowHeight)
                tops.append(top)
                top = top + rowHeight + config.spacing
            }
            rowTops = tops
            rowHeights = tallest
            itemHeights = heights
            isFixedHeight = false
        } else if let range = config.itemHeightRange {
            precondition(range.lowerBound >= 0, "item heights must be ≥ 0")
            let stream = streams.stream("height")
            minHeight = range.lowerBound
            heightSpan = range.upperBound - range.lowerBound
            heightStream = stream
            var tops = [Double]()
            tops.reserveCapacity(rowCount)
            var top = config.contentInsetTop
            for row in 0..<rowCount {
                tops.append(top)
                top = top + Self.variableHeight(row, min: range.lowerBound, span: heightSpan, stream: stream)
                    + config.spacing
            }
            rowTops = tops
            rowHeights = []
            itemHeights = []
            isFixedHeight = false
        } else {
            precondition(config.itemHeight >= 0, "item heights must be ≥ 0")
            minHeight = config.itemHeight
            heightSpan = 0
            heightStream = nil
            rowTops = []
            rowHeights = []
            itemHeights = []
            isFixedHeight = true
        }

        // Bottom of the last row as frames report it (top + height), so a scan over frames agrees.
        let lastRow = rowCount - 1
        let contentEnd: Double
        if rowCount == 0 {
            contentEnd = config.contentInsetTop
        } else if let stream = heightStream {
            contentEnd = rowTops[lastRow]
                + Self.variableHeight(lastRow, min: minHeight, span: heightSpan, stream: stream)
        } else if !isFixedHeight {
            contentEnd = rowTops[lastRow] + rowHeights[lastRow]
        } else {
            contentEnd = config.contentInsetTop + Double(lastRow) * (fixedHeight + spacing) + fixedHeight
        }
        contentHeight = contentEnd + config.contentInsetBottom
        cellPixelWidth = (itemWidth * scale).rounded()
        fixedCellPixelHeight = (fixedHeight * scale).rounded()
        maxOffset = max(0, contentHeight - viewportHeight)
    }

    /// Row `row`'s height with variable heights: `min + u·span`, u from the "height" stream.
    @inline(__always)
    static func variableHeight(_ row: Int, min: Double, span: Double, stream: RandomStream) -> Double {
        min + stream.uniform(Int64(row)) * span
    }

    /// The row holding `item`, `item / columns`.
    /// - Complexity: O(1).
    public func row(ofItem item: Int) -> Int {
        precondition(item >= 0 && item < itemCount, "item \(item) out of 0..<\(itemCount)")
        return item / columns
    }

    /// `item`'s frame in content coordinates.
    /// - Complexity: O(1).
    public func frame(ofItem item: Int) -> ItemFrame {
        let row = row(ofItem: item)
        let column = item - row * columns
        return ItemFrame(x: Double(column) * (itemWidth + spacing), y: top(row), width: itemWidth, height: height(row))
    }

    /// Top of `row` in content coordinates, points.
    /// - Complexity: O(1).
    public func rowTop(_ row: Int) -> Double {
        precondition(row >= 0 && row < rowCount, "row \(row) out of 0..<\(rowCount)")
        return top(row)
    }

    /// Height of `row`, points.
    /// - Complexity: O(1).
    public func rowHeight(_ row: Int) -> Double {
        precondition(row >= 0 && row < rowCount, "row \(row) out of 0..<\(rowCount)")
        return height(row)
    }

    /// Items whose frames intersect the band minY..<maxY with positive area
    /// (frame.y < maxY && frame.maxY > minY). Always a contiguous range (possibly empty). O(log n).
    ///
    /// An empty band (`minY >= maxY`, or NaN) and a band outside the content give `0..<0`; every
    /// empty result is `0..<0`.
    public func items(intersecting minY: Double, _ maxY: Double) -> Range<Int> {
        guard minY < maxY, rowCount > 0 else { return 0..<0 }
        if isFixedHeight { return fixedHeightItems(intersecting: minY, maxY) }
        return searchedItems(intersecting: minY, maxY)
    }

    /// What an `items(intersecting:_:hint:)` call found, kept by its caller (one hint per band it
    /// follows) for the next call with a nearby band: a band that moved less than a row has the
    /// same boundary rows, and the hint keeps the row edges that decide whether it still has them
    /// and the items they give. A fresh hint (`init()`) holds nothing and is never taken. A hint
    /// belongs to the layout whose queries made it.
    public struct RowHint: Sendable {
        /// The bottom of the first row of the last result (+∞ when that row is `rowCount`): it is
        /// still the first row while this is below minY, `bottom > minY`. NaN (never true) when
        /// there is no hint.
        var firstBottom = Double.nan
        /// The bottom of the row before the first (−∞ when there is none): still the first row
        /// while `!(before > minY)`.
        var beforeFirstBottom = Double.nan
        /// The top of the row after the last row of the result (+∞ when that is `rowCount`): still
        /// the end while `top >= maxY`.
        var endTop = Double.nan
        /// The top of the last row of the result (−∞ when the result has no row): still the end
        /// while `!(before >= maxY)`.
        var beforeEndTop = Double.nan
        /// The items the rows give.
        var items: Range<Int> = 0..<0
        /// The first row and the end row of the result (−1 when there is no hint): where the next
        /// query, for a band that moved by about a row, looks first.
        var rows: (first: Int, end: Int) = (-1, -1)

        /// An empty hint: the first call searches.
        public init() {}

        /// A hint of these row edges and items.
        init(firstBottom: Double, beforeFirstBottom: Double, endTop: Double, beforeEndTop: Double,
             items: Range<Int>, rows: (first: Int, end: Int)) {
            self.firstBottom = firstBottom
            self.beforeFirstBottom = beforeFirstBottom
            self.endTop = endTop
            self.beforeEndTop = beforeEndTop
            self.items = items
            self.rows = rows
        }
    }

    /// `items(intersecting:_:)`, checking first whether `hint`'s rows are still the boundaries
    /// (fixed heights only): the same predicates as the binary search, on the row edges the hint
    /// keeps, so a band that moved less than a row costs four comparisons. The result is the same
    /// range either way; `hint` is updated. A caller keeps one hint per band it follows.
    /// - Complexity: O(1) with fixed heights, O(log rows) otherwise.
    @inline(__always)
    public func items(intersecting minY: Double, _ maxY: Double, hint: inout RowHint) -> Range<Int> {
        hintedItems(intersecting: minY, maxY, hint: &hint).items
    }

    /// `items(intersecting:_:hint:)`, also saying whether the hint was taken as it was (tests).
    @inline(__always)
    func hintedItems(intersecting minY: Double, _ maxY: Double,
                     hint: inout RowHint) -> (items: Range<Int>, isReused: Bool) {
        // The first row is the first whose bottom is below minY (or rowCount), and the end row the
        // first from the first row on whose top is at or below maxY (or rowCount): each predicate
        // holds at the row and not at the row before (rows' bottoms and tops never decrease). A
        // missing row's edge is the infinity that makes its predicate hold for any band.
        // Only `rehint` makes a hint that can hold (a fresh one's NaN edges never do), for a fixed
        // layout with rows, so the test needs no check of the layout; an empty band never takes it.
        if minY < maxY && hint.firstBottom > minY && !(hint.beforeFirstBottom > minY)
            && hint.endTop >= maxY && !(hint.beforeEndTop >= maxY) {
            assert(isFixedHeight && rowCount > 0, "a row hint taken by a layout whose queries did not make it")
            return (hint.items, true)
        }
        guard isFixedHeight, minY < maxY, rowCount > 0 else { return (items(intersecting: minY, maxY), false) }
        return (rehint(intersecting: minY, maxY, hint: &hint), false)
    }

    /// The fixed-height query of a non-empty band, leaving in `hint` the rows it found. The rows
    /// are looked for next to the hint's first (a band most often moves by less than two rows
    /// between queries), then where the arithmetic estimate puts them.
    private func rehint(intersecting minY: Double, _ maxY: Double, hint: inout RowHint) -> Range<Int> {
        let (first, end) = fixedHeightRows(intersecting: minY, maxY, near: hint.rows.first >= 0 ? hint.rows : nil)
        let items = self.items(ofRows: first, end)
        if items.isEmpty {
            hint = RowHint()  // the empty result does not say its rows: no hint
        } else {
            // `top(_:)` with fixed heights, as the binary search evaluates it.
            let fixedHeight = self.fixedHeight, insetTop = self.insetTop, pitch = fixedHeight + spacing
            func top(_ row: Int) -> Double { insetTop + Double(row) * pitch }
            hint = RowHint(firstBottom: first == rowCount ? .infinity : top(first) + fixedHeight,
                           beforeFirstBottom: first == 0 ? -.infinity : top(first - 1) + fixedHeight,
                           endTop: end == rowCount ? .infinity : top(end),
                           beforeEndTop: end == first ? -.infinity : top(end - 1),
                           items: items, rows: (first, end))
        }
        return items
    }

    /// The items of rows `first ..< end` (`0..<0` when there is none); the last row may be partly
    /// filled.
    @inline(__always)
    private func items(ofRows first: Int, _ end: Int) -> Range<Int> {
        guard first < end else { return 0..<0 }
        return (first * columns)..<min(end * columns, itemCount)
    }

    /// `items(intersecting:)` by binary search of the row bottoms and tops (any heights; a
    /// non-empty band and at least one row).
    /// - Complexity: O(log rows).
    private func searchedItems(intersecting minY: Double, _ maxY: Double) -> Range<Int> {
        let (first, end) = searchedRows(intersecting: minY, maxY)
        return items(ofRows: first, end)
    }

    /// The first row and the end row of `searchedItems(intersecting:_:)`.
    /// - Complexity: O(log rows).
    private func searchedRows(intersecting minY: Double, _ maxY: Double) -> (first: Int, end: Int) {
        // First row whose bottom is below minY: bottoms never decrease.
        var low = 0
        var high = rowCount
        while low < high {
            let mid = low + (high - low) / 2
            if top(mid) + height(mid) > minY { high = mid } else { low = mid + 1 }
        }
        let firstRow = low
        // First row (from there) whose top is at or below maxY: tops never decrease.
        high = rowCount
        while low < high {
            let mid = low + (high - low) / 2
            if top(mid) >= maxY { high = mid } else { low = mid + 1 }
        }
        return (firstRow, low)
    }

    /// `items(intersecting:)` for fixed heights in O(1): an arithmetic guess of each boundary row,
    /// checked (with its two neighbours) against the same predicates as the binary search, so the
    /// result is identical bit for bit; a guess that misses falls back to the search. (Row bottoms
    /// and tops never decrease, so each boundary is where its predicate changes, and is unique.)
    ///
    /// The checks are straight-line code on purpose: a walk loop here was auto-vectorised by the
    /// compiler into some 500 instructions per call for what is one step.
    private func fixedHeightItems(intersecting minY: Double, _ maxY: Double) -> Range<Int> {
        let (first, end) = fixedHeightRows(intersecting: minY, maxY, near: nil)
        return items(ofRows: first, end)
    }

    /// The first row and the end row of `fixedHeightItems(intersecting:_:)`. Each boundary row is
    /// tried next to `near`'s (the rows of a nearby band, when given: no division), then next to
    /// the arithmetic estimate; a miss of both falls back to the search.
    private func fixedHeightRows(intersecting minY: Double, _ maxY: Double,
                                 near: (first: Int, end: Int)?) -> (first: Int, end: Int) {
        let fixedHeight = self.fixedHeight, insetTop = self.insetTop, rowCount = self.rowCount
        let pitch = fixedHeight + spacing
        @inline(__always) func clampedRow(_ estimate: Double) -> Int {
            guard pitch > 0, estimate > 0 else { return 0 }
            return estimate >= Double(rowCount) ? rowCount : Int(estimate)
        }
        // `top(_:)` and `height(_:)` with fixed heights, as the binary search evaluates them.
        @inline(__always) func top(_ row: Int) -> Double { insetTop + Double(row) * (fixedHeight + spacing) }
        // The first row whose bottom is below minY: row r is it when its bottom is below minY (or
        // r is rowCount) and row r − 1's is not (or r is 0).
        @inline(__always) func isFirst(_ row: Int) -> Bool {
            (row == rowCount || top(row) + fixedHeight > minY) && (row == 0 || !(top(row - 1) + fixedHeight > minY))
        }
        // The row next to `floor` (0...rowCount) that is the first, if any: the one after it,
        // itself, the one before it.
        @inline(__always) func firstRow(near floor: Int) -> Int? {
            if floor < rowCount && isFirst(floor + 1) { return floor + 1 }
            if isFirst(floor) { return floor }
            if floor > 0 && isFirst(floor - 1) { return floor - 1 }
            return nil
        }
        // The estimate's floor is the last row whose bottom is not below minY unless the division
        // rounded across a row edge, so the row after it is tried first, then the floor itself.
        let first: Int
        if let near, let found = firstRow(near: near.first) {
            first = found
        } else if let found = firstRow(near: clampedRow((minY - insetTop - fixedHeight) / pitch)) {
            first = found
        } else {
            return searchedRows(intersecting: minY, maxY)
        }
        // The first row from `first` on whose top is at or below maxY.
        @inline(__always) func isEnd(_ row: Int) -> Bool {
            (row == rowCount || top(row) >= maxY) && (row == first || !(top(row - 1) >= maxY))
        }
        // The row next to `floor` (first...rowCount) that is the end, if any.
        @inline(__always) func endRow(near floor: Int) -> Int? {
            if floor < rowCount && isEnd(floor + 1) { return floor + 1 }
            if isEnd(floor) { return floor }
            if floor > first && isEnd(floor - 1) { return floor - 1 }
            return nil
        }
        // Likewise the estimate's floor is the last row whose top is above maxY, as a rule.
        if let near, let found = endRow(near: max(first, min(near.end, rowCount))) {
            return (first, found)
        } else if let found = endRow(near: max(first, clampedRow((maxY - insetTop) / pitch))) {
            return (first, found)
        }
        return searchedRows(intersecting: minY, maxY)
    }

    /// The offset that puts `item`'s top at the viewport top, clamped to 0...maxOffset.
    /// - Complexity: O(1).
    public func offsetToShow(item: Int) -> Double {
        min(max(top(row(ofItem: item)), 0), maxOffset)
    }

    /// Pixel size of a cell (width, height in pixels = points × scale), for thumbnail decodes:
    /// its row's height, or with a catalog the item's own height.
    ///
    /// Each is rounded to the nearest pixel, halves away from zero.
    /// - Complexity: O(1).
    public func cellPixelSize(ofItem item: Int) -> (width: Int, height: Int) {
        let row = row(ofItem: item)
        if isFixedHeight { return (Int(cellPixelWidth), Int(fixedCellPixelHeight)) }
        let points = itemHeights.isEmpty ? height(row) : itemHeights[item]
        return (Int(cellPixelWidth), Int((points * scale).rounded()))
    }

    /// Top of `row`, unchecked.
    @inline(__always)
    func top(_ row: Int) -> Double {
        isFixedHeight ? insetTop + Double(row) * (fixedHeight + spacing) : rowTops[row]
    }

    /// Height of `row`, unchecked.
    @inline(__always)
    func height(_ row: Int) -> Double {
        if let stream = heightStream {
            return Self.variableHeight(row, min: minHeight, span: heightSpan, stream: stream)
        }
        return rowHeights.isEmpty ? fixedHeight : rowHeights[row]
    }
}
