@testable import FetchStrategies
import ScrollSimCore
import Testing

/// `nuke`: its CLOCK memory cache inside a run, and the resize processor.
@Suite struct NukeStrategyTests {
    @Test func theMemoryCacheGivesSecondChancesAndCanEvictTheImageJustStored() {
        // Given 112 × 112 px images (50 176 bytes decoded): a 1 MB cache holds 20. Items 0...9,
        // then 10...19 are loaded; both sets are shown again (all 20 entries referenced); then
        // 20...29 are loaded, then 0...9 and 20...29 shown again
        var scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), StrategyTests.jump(to: 10), .pause(seconds: 1),
            StrategyTests.jump(to: 0), .pause(seconds: 1), StrategyTests.jump(to: 10), .pause(seconds: 1),
            StrategyTests.jump(to: 20), .pause(seconds: 1),
            StrategyTests.jump(to: 0), .pause(seconds: 1),
            StrategyTests.jump(to: 20), .pause(seconds: 1),
        ])
        scenario.images.width = 112
        scenario.images.height = 112
        let log = RequestLog()
        _ = StrategyTests.run(scenario, "nuke", parameters: [("memoryCacheMB", StrategyTests.integer(1))],
                              observer: log)
        let outcomes = log.outcomes(from: 0)
        #expect(outcomes.count == 70)
        #expect(Array(outcomes[20..<40]) == Array(repeating: .memoryHit, count: 20))
        // Then storing image 20 sweeps every referenced entry behind it, unmarked, and evicts 20
        // itself; 21...29 evict 0...8. Back at the top only image 9 is still in memory, and back
        // at 20 only image 20 is missing (the nine reads of 0...8 evicted 10...18).
        #expect(Array(outcomes[50..<60]) == Array(repeating: .diskHit, count: 9) + [.memoryHit])
        #expect(Array(outcomes[60..<70]) == [.diskHit] + Array(repeating: .memoryHit, count: 9))
        // (Under strict LRU, 20...29 would evict 0...9, hit less recently than 10...19: ten
        // misses at the top, and ten hits at 20.)
    }

    @Test(arguments: [
        // cell pixel size, source: the resize processor's output (nil: returned as is)
        ((390, 300), (1200, 1200), (390, 390) as (Int, Int)?),
        ((1170, 300), (1200, 1200), (1170, 1170)),
        ((386, 390), (1200, 1200), (390, 390)),
        ((390, 600), (1080, 1350), (480, 600)),       // the height fills: scale 600 / 1350
        ((1001, 300), (1080, 1350), (1001, 1251)),    // 1350 × 1001 / 1080 = 1251.25, rounded
        ((1170, 1560), (1080, 1350), nil),            // scale 1.156: no upscaling
    ])
    func theResizeProcessorFillsTheCell(cell: (Int, Int), source: (Int, Int), expected: (Int, Int)?) {
        let size = NukeStrategy.resizedSize(source: (source.0, source.1), cell: (cell.0, cell.1))
        #expect(size?.width == expected?.0 && size?.height == expected?.1)
    }

    @Test func downsamplingDrawsAFullDecodeIntoACellSizedBitmap() {
        // Given 130-pt-wide cells (390 × 300 px) and 1200 × 1200 px images: 10 loaded, a memory
        // warning, then shown again from the data cache
        var scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), .memoryWarning, .pause(seconds: 0.1),
            StrategyTests.jump(to: 20), .pause(seconds: 1), StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        scenario.layout.viewportWidth = 130
        var plainDecodes: [SimTime] = [], tunedDecodes: [SimTime] = []
        let plainObserver = ClosureObserver(), tunedObserver = ClosureObserver()
        plainObserver.onDecode = { plainDecodes.append($0) }
        tunedObserver.onDecode = { tunedDecodes.append($0) }
        let plain = StrategyTests.run(scenario, "nuke", parameters: [], observer: plainObserver)
        let tuned = StrategyTests.run(scenario, "nuke", parameters: [("downsample", .bool(true))],
                                      observer: tunedObserver)
        // Then both pay a full decode per image, 1.44 MP × 8 ms = 11.52 ms: decompression by
        // default, the resize processor's draw when tuned (30 images: 0...9, 20...29, 0...9 again
        // from disk after the warning)
        #expect(plainDecodes == Array(repeating: 11_520_000, count: 30))
        #expect(tunedDecodes == Array(repeating: 11_520_000, count: 30))
        #expect(tuned.diskHits == 10 && plain.diskHits == 10)
        // But the tuned memory holds 390 × 390 px bitmaps (scale max(390, 300) / 1200 = 0.325):
        // 608 400 bytes against 5 760 000; 20 cached before the return, as in the plain run
        #expect(plain.peakMemoryBytes == 20 * 5_760_000)
        #expect(tuned.peakMemoryBytes == 20 * 608_400)
    }

    @Test(arguments: [
        // image width (height 512), outcome on return: 512 × 512 × 4 = 1 048 576 bytes is exactly
        // Int(0.1 × 10 MB): refused (Nuke stores an entry only when cost < entryMaxCost,
        // `Cache.set`); 511 × 512 × 4 = 1 046 528 bytes is stored
        (512, RequestOutcome.diskHit),
        (511, .memoryHit),
    ])
    func anEntryCostingExactlyATenthOfTheLimitIsRefused(width: Int, onReturn: RequestOutcome) {
        // Given items 20...29 showing images 0...9 again (10 distinct images, 10 of which fit)
        var scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), StrategyTests.jump(to: 20), .pause(seconds: 1),
            StrategyTests.jump(to: 0), .pause(seconds: 1),
        ])
        scenario.images.width = width
        scenario.images.height = 512
        scenario.images.distinct = 10
        let log = RequestLog()
        _ = StrategyTests.run(scenario, "nuke", parameters: [("memoryCacheMB", StrategyTests.integer(10))],
                              observer: log)
        #expect(log.outcomes(from: SimDuration.second) == Array(repeating: onReturn, count: 20))
    }

    @Test func aBadDownsampleValueIsRejectedWithItsPath() {
        let spec = StrategySpec(name: "nuke", parameters: [("downsample", .string("true"))], path: "strategies[3]")
        let expected = StrategyConfigError(path: "strategies[3].downsample",
                                           message: #"must be true or false, found the string "true""#)
        #expect(throws: expected) {
            _ = try StrategyCatalog.makeFactory(spec)
        }
    }
}
