import Testing

@testable import ScrollSimCore
import ScrollSimTestSupport

/// A strategy that keeps a 1024 × 1024 thumbnail (4 MiB decoded, decoded at once) of every item
/// it configures, without showing it, and logs what the OS tells it.
final class HoardingStrategy: FetchStrategy {
    let environment: FetchEnvironment
    /// Whether a memory warning empties the hoard.
    let purgesOnWarning: Bool
    /// The images held.
    var hoard: [ImageObject] = []
    /// "warning@<ns>" and "pressure(<level>)@<ns>", in order.
    var log: [String] = []
    /// `availableMemoryBytes` before the first image and after each one.
    var available: [Int64] = []

    init(environment: FetchEnvironment, purgesOnWarning: Bool) {
        self.environment = environment
        self.purgesOnWarning = purgesOnWarning
    }

    func cellForItem(_ cell: CellID, item: Int) {
        if available.isEmpty { available.append(environment.availableMemoryBytes) }
        let image = environment.makeBundledThumbnail(environment.imageID(forItem: item), maxPixelSize: 1024)
        environment.retain(image)
        hoard.append(image)
        available.append(environment.availableMemoryBytes)
    }

    func didReceiveMemoryWarning() {
        log.append("warning@\(environment.now)")
        guard purgesOnWarning else { return }
        for image in hoard { environment.release(image) }
        hoard.removeAll()
    }

    func didReceiveMemoryPressure(_ level: MemoryPressureLevel) {
        log.append("pressure(\(level.rawValue))@\(environment.now)")
    }
}

/// The memory model on hand-computed runs: the footprint's warning (xnu's 80 % in 1/65536, posted
/// once, re-armed below the level), the kill at the limit, scripted warnings and decode speed.
@Suite struct MemoryPressureTests {
    /// `zeroCostList` (100-pt rows, 1000-pt viewport, `ios9`, 60 Hz) with 1024 × 1024 images whose
    /// thumbnails cost nothing, on a device with a 20 MiB baseline and a 100 MiB limit. The warning
    /// level is 100 MiB × 52428 >> 16 = 83 885 260 bytes, just below 80 MiB, so the 15th image
    /// (20 + 15 × 4 = 80 MiB) crosses it; the 21st (104 MiB) exceeds the limit.
    ///
    /// Items 0…9 are configured by the first frame; after the 1 s pause the drag at 600 pt/s brings
    /// item `n` ≥ 10 in at drag vsync `1 + 10(n − 10)`, i.e. at vsync `61 + 10(n − 10)`.
    static func scenario(dragSeconds: Double = 2, script: [ScriptStep]? = nil) -> Scenario {
        var scenario = TestScenarios.zeroCostList(script: script ?? [.pause(seconds: 1),
                                                                     .drag(velocity: 600, seconds: dragSeconds)])
        scenario.images.width = 1024
        scenario.images.height = 1024
        scenario.costs.decodeMsPerMegapixel = 0
        scenario.device.baselineFootprintMB = 20
        scenario.device.memoryLimitMB = 100
        return scenario
    }

    /// Runs `scenario` with a hoarding strategy; returns it, the metrics and the frames.
    static func run(_ scenario: Scenario, purgesOnWarning: Bool) -> (HoardingStrategy, RunMetrics, [FrameRecord]) {
        let strategy = RunBox<HoardingStrategy>()
        let (metrics, frames) = TestScenarios.run(scenario) { environment in
            let hoarding = HoardingStrategy(environment: environment, purgesOnWarning: purgesOnWarning)
            strategy.value = hoarding
            return hoarding
        }
        return (strategy.value!, metrics, frames)
    }

    /// The time of vsync `k` at 60 Hz.
    static func vsync(_ k: Int64) -> SimTime { k * 1_000_000_000 / 60 }

    @Test func theFootprintWarnsOnceAtTheFifteenthImageAndKillsAtTheTwentyFirst() {
        let (strategy, metrics, frames) = Self.run(Self.scenario(), purgesOnWarning: false)
        // Item 14 (the 15th image) enters at vsync 101: the warning is posted then and delivered
        // on the main queue after that frame; growing on to 84 MiB warns no more (not re-armed)
        #expect(strategy.log == ["warning@\(Self.vsync(101))"])
        #expect(Self.vsync(101) == 1_683_333_333)
        #expect(metrics.memoryWarnings == 1)
        // Item 20 (the 21st image) enters at vsync 161 = 2 683 333 333 ns: killed there
        #expect(metrics.killed)
        #expect(strategy.hoard.count == 21)
        #expect(metrics.peakMemoryBytes == 21 * 4 * 1_048_576)
        // Frames for vsyncs 61…160 count (100 scroll frames); the frame of vsync 161 never committed
        #expect(metrics.frames == 100)
        #expect(frames.last?.vsync == Self.vsync(160))
        // The scroll time ends at the kill: 2 683 333 333 − 1 000 000 000
        #expect(metrics.scrollNanos == 1_683_333_333)
        // os_proc_available_memory: 80 MiB before the first image, 4 MiB less after each, 0 past the limit
        let mebibyte: Int64 = 1_048_576
        #expect(strategy.available.count == 22)
        #expect(strategy.available[0] == 80 * mebibyte)
        #expect(strategy.available[10] == 40 * mebibyte)
        #expect(strategy.available[21] == 0)
        // memory_warnings, killed, radio_energy_j: the idle LTE radio is charged to the kill, not to
        // the run's horizon: 2 paging periods of 1.28 s and 0.123 s, 3 wake-ups of 0.043 s at 0.594 W
        #expect(metrics.radioEnergyNanojoules == 76_626_000)
        #expect(SummaryCSV.row(metrics).hasSuffix(",1,1,0.077\n"))
    }

    @Test func theTraceShowsTheWarningAndTheKill() {
        let recorder = ChromeTraceRecorder(scenario: Self.scenario(), strategyName: "hoard", seed: 1)
        _ = try! SimulationRun(scenario: Self.scenario(), seed: 1, strategyName: "hoard", strategy: { environment in
            HoardingStrategy(environment: environment, purgesOnWarning: false)
        }).run(observer: recorder)
        let json = recorder.makeJSON()
        // The warning's zero-length slice at vsync 101, the kill at vsync 161 with 20 + 84 MiB
        #expect(json.contains(#""name":"memory warning","cat":"main","pid":1,"tid":1,"ts":1683333.333,"dur":0.000"#))
        #expect(json.contains(#"{"ph":"i","s":"t","name":"killed (memory limit)","cat":"memory","pid":1,"tid":2,"#
                              + #""ts":2683333.333,"args":{"footprint_mib":104.000}}"#))
    }

    @Test func aPurgeReArmsTheWarningSoTheNextCrossingWarnsAgain() {
        // Given a strategy that empties its hoard on a warning, and a 4 s drag (items up to 33)
        let (strategy, metrics, _) = Self.run(Self.scenario(dragSeconds: 4), purgesOnWarning: true)
        // Then the purge brings the footprint back to 20 MiB, which re-arms the warning; 15 more
        // images (items 15…29) cross it again: item 29 enters at vsync 61 + 190 = 251
        #expect(strategy.log == ["warning@\(Self.vsync(101))", "warning@\(Self.vsync(251))"])
        #expect(Self.vsync(251) == 4_183_333_333)
        #expect(metrics.memoryWarnings == 2)
        #expect(!metrics.killed)
        #expect(strategy.hoard.count == 4)  // items 30…33
        #expect(metrics.peakMemoryBytes == 15 * 4 * 1_048_576)
        #expect(metrics.scrollNanos == 4_000_000_000)
    }

    @Test func aScriptedWarningDeliversUIKitsNotificationThenTheDispatchSourceEvent() {
        // Given a memory warning step at 0.5 s, with the footprint far below the warning level
        var scenario = Self.scenario(script: [.pause(seconds: 0.5), .memoryWarning, .pause(seconds: 0.5)])
        scenario.device.memoryLimitMB = 1000
        let (strategy, metrics, _) = Self.run(scenario, purgesOnWarning: true)
        // Then both signals arrive at its instant, UIKit's first, and count as one warning
        #expect(strategy.log == ["warning@500000000", "pressure(warning)@500000000"])
        #expect(metrics.memoryWarnings == 1)
        #expect(!metrics.killed)
    }

    @Test func theFootprintsOwnWarningIsNotASystemPressureEvent() {
        let (strategy, _, _) = Self.run(Self.scenario(dragSeconds: 4), purgesOnWarning: true)
        #expect(!strategy.log.contains { $0.hasPrefix("pressure") })
    }

    @Test func theStrategySeesThePhysicalMemoryAndCoresOfItsDevice() {
        var scenario = Self.scenario()
        scenario.device = DeviceModel.iphone8.preset
        let seen = RunBox<DeviceInfo>()
        _ = TestScenarios.run(scenario) { environment in
            seen.value = environment.device
            return IdleStrategy()
        }
        #expect(seen.value == DeviceInfo(physicalMemoryBytes: 1990 * 1_048_576, activeProcessorCount: 6))
    }

    @Test func decodeSpeedDividesTheDecodeCost() {
        // A full decode of a 1200 × 1200 image: 8 ms/MP × 1.44 MP = 11.52 ms at speed 1
        func decodeDuration(speed: Double) -> SimTime {
            var scenario = TestScenarios.zeroCostList(script: [.pause(seconds: 0.1)])
            scenario.device.decodeSpeed = speed
            let observer = DecodeDurations()
            _ = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "decode", strategy: { environment in
                _ = environment.decode(0, mode: .full) { _ in }
                return IdleStrategy()
            }).run(observer: observer)
            return observer.durations.first ?? -1
        }
        #expect(decodeDuration(speed: 1) == 11_520_000)
        #expect(decodeDuration(speed: 0.5) == 23_040_000)
        #expect(decodeDuration(speed: 0.6) == 19_200_000)
    }

    @Test func theLedgerWarnsAboveTheLevelAndReArmsOnlyAtOrBelowIt() {
        // Given thresholds of 40 bytes (warning) and 80 bytes (limit) on decoded bytes
        let ledger = MemoryLedger()
        ledger.warningThresholdBytes = 40
        ledger.limitThresholdBytes = 80
        var events: [String] = []
        ledger.onWarning = { events.append("warn at \(ledger.currentBytes)") }
        ledger.onLimitExceeded = { events.append("limit at \(ledger.currentBytes)") }
        func image(_ bytes: Int) -> ImageObject {  // width × 1 × 4 bytes
            ImageObject(imageID: 0, pixelWidth: bytes / 4, pixelHeight: 1, isThumbnail: false, isDecoded: true)
        }
        let a = image(32), b = image(16), c = image(16), d = image(32)
        ledger.retain(a)   // 32: at or below 40
        ledger.retain(b)   // 48: above, warns
        ledger.retain(c)   // 64: still above, no second warning
        ledger.release(b)  // 48: above, not re-armed
        ledger.release(c)  // 32: at or below, re-armed
        ledger.retain(image(8))  // 40: equal to the level is not above it
        ledger.retain(c)   // 56: warns again
        ledger.retain(d)   // 88: above the limit
        ledger.retain(image(16))  // 104: the limit is reported once
        #expect(events == ["warn at 48", "warn at 56", "limit at 88"])
    }
}

/// Records the duration of every decode job.
final class DecodeDurations: RunObserver {
    var durations: [SimTime] = []
    func decodeRan(thread: Int, start: SimTime, end: SimTime) { durations.append(end - start) }
}

/// Holds what a strategy factory (a `@Sendable` closure) hands back to its test; a run is
/// single-threaded, so nothing is shared across threads.
final class RunBox<Value>: @unchecked Sendable {
    var value: Value?
}
