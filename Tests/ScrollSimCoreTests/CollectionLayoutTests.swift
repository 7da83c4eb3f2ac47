import Testing

import ScrollSimCore

/// List and grid geometry, and visible-range queries against a brute-force scan.
@Suite struct CollectionLayoutTests {
    /// A layout config in one expression.
    static func config(
        _ kind: Scenario.LayoutKind = .list, columns: Int = 1, items: Int, height: Double = 100,
        range: ClosedRange<Double>? = nil, spacing: Double = 0, top: Double = 0, bottom: Double = 0,
        viewport: (Double, Double) = (390, 844), scale: Double = 3
    ) -> Scenario.Layout {
        var layout = Scenario.Layout(itemCount: items)
        layout.kind = kind
        layout.columns = columns
        layout.itemHeight = height
        layout.itemHeightRange = range
        layout.spacing = spacing
        layout.contentInsetTop = top
        layout.contentInsetBottom = bottom
        layout.viewportWidth = viewport.0
        layout.viewportHeight = viewport.1
        layout.scale = scale
        return layout
    }

    /// The oracle: items whose frame meets the band with positive area, by scanning every frame.
    static func bruteForce(_ layout: CollectionLayout, _ minY: Double, _ maxY: Double) -> [Int] {
        guard minY < maxY else { return [] }
        return (0..<layout.itemCount).filter {
            let frame = layout.frame(ofItem: $0)
            return frame.y < maxY && frame.maxY > minY
        }
    }

    /// Content height of a small list, by hand: 20 + 10·100 + 9·10 + 30 = 1140.
    @Test func contentHeightByHand() {
        let layout = CollectionLayout(Self.config(items: 10, height: 100, spacing: 10, top: 20, bottom: 30),
                                      streams: RandomStreams(seed: 1))
        #expect(layout.contentHeight == 1140)
        #expect(layout.maxOffset == 1140 - 844)
        #expect(layout.rowCount == 10)
        #expect(layout.rowTop(3) == 20 + 3 * 110)
        #expect(layout.frame(ofItem: 9) == ItemFrame(x: 0, y: 1010, width: 390, height: 100))
    }

    /// A list has one column whatever `columns` says; content shorter than the viewport gives maxOffset 0.
    @Test func listIgnoresColumnsAndShortContentDoesNotScroll() {
        let layout = CollectionLayout(Self.config(.list, columns: 4, items: 5, height: 50),
                                      streams: RandomStreams(seed: 1))
        #expect(layout.columns == 1)
        #expect(layout.rowCount == 5)
        #expect(layout.contentHeight == 250)
        #expect(layout.maxOffset == 0)
        #expect(layout.offsetToShow(item: 4) == 0)
    }

    /// In a 3-column grid item 4 is in row 1, column 1, with x = width + spacing.
    @Test func gridPlacesItemsByRowAndColumn() {
        let layout = CollectionLayout(Self.config(.grid, columns: 3, items: 10, height: 130, spacing: 2, top: 5),
                                      streams: RandomStreams(seed: 1))
        let width = (390.0 - 2 * 2) / 3
        #expect(layout.rowCount == 4)
        #expect(layout.row(ofItem: 4) == 1)
        #expect(layout.frame(ofItem: 4) == ItemFrame(x: width + 2, y: 5 + 132, width: width, height: 130))
        #expect(layout.frame(ofItem: 0).x == 0)
        #expect(abs(layout.frame(ofItem: 2).maxX - 390) < 1e-12)
        #expect(layout.row(ofItem: 9) == 3)
        #expect(layout.contentHeight == 5 + 4 * 130 + 3 * 2)
        // Pixel size for thumbnails: 128.67 pt × 3 = 386 px, 130 pt × 3 = 390 px.
        #expect(layout.cellPixelSize(ofItem: 4) == (width: 386, height: 390))
    }

    /// Offsets to show items put the item's top at the viewport top, clamped at both ends.
    @Test func offsetToShowClamps() {
        let layout = CollectionLayout(Self.config(items: 100, height: 100, spacing: 10, top: 20, bottom: 30),
                                      streams: RandomStreams(seed: 1))
        #expect(layout.offsetToShow(item: 0) == 20)
        #expect(layout.offsetToShow(item: 10) == 20 + 10 * 110)
        #expect(layout.offsetToShow(item: 99) == layout.maxOffset)
        let contentHeight: Double = 20 + 100 * 100 + 99 * 10 + 30
        #expect(layout.maxOffset == contentHeight - 844)
    }

    /// Variable heights: one draw per row in [min, max], shared by the row's items, the same for the
    /// same seed and different for another; row tops add up to the content height.
    @Test func variableHeightsAreDeterministicPerRow() {
        let config = Self.config(.grid, columns: 2, items: 1001, range: 60...240, spacing: 4, top: 8, bottom: 16)
        let a = CollectionLayout(config, streams: RandomStreams(seed: 5))
        let b = CollectionLayout(config, streams: RandomStreams(seed: 5))
        let c = CollectionLayout(config, streams: RandomStreams(seed: 6))
        #expect(a.rowCount == 501)
        var differs = 0
        var sum = 8.0
        for row in 0..<a.rowCount {
            let height = a.rowHeight(row)
            #expect(height >= 60 && height < 240)
            #expect(height == b.rowHeight(row))
            if height != c.rowHeight(row) { differs += 1 }
            #expect(a.rowTop(row) == sum)
            sum = sum + height + 4
        }
        #expect(differs > 490)
        #expect(a.frame(ofItem: 6).height == a.frame(ofItem: 7).height)
        #expect(a.frame(ofItem: 6).y == a.frame(ofItem: 7).y)
        #expect(a.contentHeight == sum - 4 + 16)
        // Heights come from the documented stream.
        let u = RandomStreams(seed: 5).stream("height").uniform(17)
        #expect(a.rowHeight(17) == 60 + u * 180)
    }

    /// For many seeds and configs, visible ranges equal a brute-force scan over every frame.
    @Test func itemsIntersectingMatchesBruteForce() {
        var rng = SplitMix64(seed: 2024)
        /// A uniform double in `range` from the test's generator.
        func draw(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(rng.next() >> 11) * 0x1p-53 * (range.upperBound - range.lowerBound)
        }
        var checkedNonEmpty = 0
        var checkedEmpty = 0
        for seed in 0..<60 {
            let kind: Scenario.LayoutKind = seed % 2 == 0 ? .list : .grid
            let columns = 1 + Int(rng.next() % 5)
            let items = Int(rng.next() % 300)
            let spacing = seed % 3 == 0 ? 0 : draw(0...12).rounded()
            let range: ClosedRange<Double>? = seed % 4 < 2 ? nil : 20...draw(20...200)
            let config = Self.config(kind, columns: columns, items: items, height: draw(1...150).rounded(),
                                     range: range,
                                     spacing: spacing, top: draw(0...50).rounded(), bottom: draw(0...50).rounded())
            let layout = CollectionLayout(config, streams: RandomStreams(seed: UInt64(seed)))
            // Bands: random ones, ones starting or ending exactly on row edges, empty, outside.
            var bands: [(Double, Double)] = [
                (-100, 0), (layout.contentHeight, layout.contentHeight + 500), (50, 50), (60, 40),
            ]
            for _ in 0..<60 {
                let minY = draw(-200...(layout.contentHeight + 200))
                bands.append((minY, minY + draw(0...900)))
            }
            for row in stride(from: 0, to: layout.rowCount, by: max(1, layout.rowCount / 15)) {
                let top = layout.rowTop(row)
                let bottom = top + layout.rowHeight(row)
                bands += [(top, top + 300), (bottom, bottom + 300), (top - 300, top), (top - 300, bottom),
                          (top + 0.25, bottom - 0.25), (bottom - 0.25, bottom + 0.25)]
            }
            for (minY, maxY) in bands {
                let expected = Self.bruteForce(layout, minY, maxY)
                let actual = layout.items(intersecting: minY, maxY)
                if expected.isEmpty {
                    #expect(actual == 0..<0, "seed \(seed) band \(minY)..<\(maxY)")
                    checkedEmpty += 1
                } else {
                    #expect(Array(actual) == expected, "seed \(seed) band \(minY)..<\(maxY)")
                    checkedNonEmpty += 1
                }
            }
        }
        #expect(checkedNonEmpty > 3000)
        #expect(checkedEmpty > 500)
    }

    /// A band that ends exactly at an item's top or starts at its bottom does not include it.
    @Test func touchingEdgesDoNotCount() {
        let layout = CollectionLayout(Self.config(items: 10, height: 100, spacing: 10), streams: RandomStreams(seed: 1))
        #expect(layout.items(intersecting: 0, 100) == 0..<1)
        #expect(layout.items(intersecting: 100, 110) == 0..<0)  // the gap between rows 0 and 1
        #expect(layout.items(intersecting: 100, 110.5) == 1..<2)
        #expect(layout.items(intersecting: 99.5, 220.5) == 0..<3)
    }

    /// An empty layout has only its insets and no visible items.
    @Test func emptyLayout() {
        let layout = CollectionLayout(Self.config(.grid, columns: 3, items: 0, top: 10, bottom: 5),
                                      streams: RandomStreams(seed: 1))
        #expect(layout.rowCount == 0)
        #expect(layout.contentHeight == 15)
        #expect(layout.maxOffset == 0)
        #expect(layout.items(intersecting: -10, 100) == 0..<0)
    }

    /// Ten million fixed-height items need no per-item storage and answer queries at the far end.
    @Test func tenMillionFixedItems() {
        let layout = CollectionLayout(Self.config(.grid, columns: 4, items: 10_000_000, height: 80, spacing: 1),
                                      streams: RandomStreams(seed: 1))
        #expect(layout.rowCount == 2_500_000)
        let contentHeight: Double = 2_500_000 * 80 + 2_499_999
        #expect(layout.contentHeight == contentHeight)
        let offset = layout.offsetToShow(item: 9_000_000)
        let expectedOffset: Double = 2_250_000 * 81
        #expect(offset == expectedOffset)
        #expect(layout.items(intersecting: offset, offset + 844) == 9_000_000..<(9_000_000 + 11 * 4))
    }

    /// A million variable-height rows are built in one pass and queried by binary search.
    @Test func millionVariableRows() {
        let layout = CollectionLayout(Self.config(items: 1_000_000, range: 44...300, spacing: 1),
                                      streams: RandomStreams(seed: 9))
        #expect(layout.rowCount == 1_000_000)
        let top = layout.rowTop(765_432)
        let visible = layout.items(intersecting: top, top + 1)
        #expect(visible == 765_432..<765_433)
        // Mean height ≈ 172 pt.
        #expect(abs(layout.contentHeight / 1_000_000 - 173) < 1)
    }
}
