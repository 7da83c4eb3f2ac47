import Testing
@testable import ScrollSimCore

/// `rowSpan(_:)` and the `uniformRows` arithmetic give every item's frame top and bottom, bit for bit.
@Suite struct CollectionLayoutRowSpanTests {
    @Test func rowSpansAndUniformRowArithmeticMatchEveryItemFrame() {
        var rng = SplitMix64(seed: 91)
        /// A uniform double in `range` from the test's generator.
        func draw(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(rng.next() >> 11) * 0x1p-53 * (range.upperBound - range.lowerBound)
        }
        var uniformLayouts = 0, variableLayouts = 0
        for seed in 0..<30 {
            // Given lists and grids with fixed heights (fractional ones too, where the sums round)
            // and variable heights
            let kind: Scenario.LayoutKind = seed % 2 == 0 ? .list : .grid
            let range: ClosedRange<Double>? = seed % 3 == 2 ? 20...120 : nil
            let config = CollectionLayoutTests.config(kind, columns: 1 + Int(rng.next() % 5),
                                                      items: 1 + Int(rng.next() % 300), height: draw(0...150),
                                                      range: range, spacing: seed % 4 == 0 ? 0 : draw(0...12),
                                                      top: draw(0...50), bottom: draw(0...50))
            let layout = CollectionLayout(config, streams: RandomStreams(seed: UInt64(seed)))
            if let uniform = layout.uniformRows {
                uniformLayouts += 1
                #expect(range == nil)
                for row in 0..<layout.rowCount {
                    let top = uniform.insetTop + Double(row) * uniform.pitch
                    #expect(top.bitPattern == layout.rowSpan(row).top.bitPattern)
                    #expect((top + uniform.height).bitPattern == layout.rowSpan(row).bottom.bitPattern)
                }
            } else {
                variableLayouts += 1
                #expect(range != nil)
            }
            // Then each item's row span is its frame's top and bottom
            for item in 0..<layout.itemCount {
                let frame = layout.frame(ofItem: item), span = layout.rowSpan(layout.row(ofItem: item))
                #expect(span.top.bitPattern == frame.y.bitPattern && span.bottom.bitPattern == frame.maxY.bitPattern,
                        "seed \(seed) item \(item)")
            }
        }
        #expect(uniformLayouts > 0 && variableLayouts > 0)
    }
}
