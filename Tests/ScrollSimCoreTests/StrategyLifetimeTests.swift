import Testing

@testable import ScrollSimCore
import ScrollSimTestSupport

/// What happened to a `LifetimeProbeStrategy` and its closures, in order.
final class LifetimeLog: @unchecked Sendable {
    /// The entries, in the order they happened.
    var entries: [String] = []
}

/// An object whose release is logged: held only by a closure, it shows when the closure is dropped.
final class ReleaseSentinel {
    /// Where the release is logged.
    let log: LifetimeLog

    init(_ log: LifetimeLog) { self.log = log }

    deinit { log.entries.append("sentinel freed") }
}

/// A strategy that, at its first cell, hands the environment closures that capture it
/// `unowned(unsafe)` (as the library strategies do): a main-queue block and a 1 ms timer, which
/// run, and a timer and a disk read due long after the run's end, which must not; each holds a
/// `ReleaseSentinel`. With `hoardedImages` it then keeps that many 4 MiB thumbnails at once.
final class LifetimeProbeStrategy: FetchStrategy {
    let environment: FetchEnvironment
    let log: LifetimeLog
    /// Thumbnails kept at the first cell (enough of them kill the app there).
    let hoardedImages: Int
    /// Closure calls that reached the strategy's state.
    var callsReachingSelf = 0
    /// The images kept.
    var hoard: [ImageObject] = []

    init(environment: FetchEnvironment, log: LifetimeLog, hoardedImages: Int) {
        self.environment = environment
        self.log = log
        self.hoardedImages = hoardedImages
    }

    deinit { log.entries.append("strategy freed after \(callsReachingSelf) closure calls") }

    func cellForItem(_ cell: CellID, item: Int) {
        guard item == 0 else { return }
        let log = self.log
        log.entries.append("first cell")
        environment.async(onMain: { [unowned(unsafe) self] in
            callsReachingSelf += 1
            log.entries.append("main block ran")
        })
        environment.schedule(after: SimDuration.milliseconds(1)) { [unowned(unsafe) self] in
            callsReachingSelf += 1
            log.entries.append("timer ran")
        }
        let lateSentinel = ReleaseSentinel(log)
        environment.schedule(after: 3600 * SimDuration.second) { [unowned(unsafe) self] in
            callsReachingSelf += 1
            log.entries.append("late timer ran \(lateSentinel)")
        }
        let diskSentinel = ReleaseSentinel(log)
        environment.readDisk(bytes: 1 << 50) { [unowned(unsafe) self] in
            callsReachingSelf += 1
            log.entries.append("late disk read ran \(diskSentinel)")
        }
        for _ in 0..<hoardedImages {
            let image = environment.makeBundledThumbnail(environment.imageID(forItem: item), maxPixelSize: 1024)
            environment.retain(image)
            hoard.append(image)
        }
    }
}

/// The strategy-lifetime guarantee `FetchStrategy` documents ("Lifetime"), on which every
/// `unowned(unsafe)` capture in the strategies rests: the strategy is alive for every callback and
/// closure call, and a closure still queued when the run ends is dropped uncalled.
@Suite struct StrategyLifetimeTests {
    /// Runs a probe on 100-pt rows with 1024 × 1024 images (free to decode) on a device with a
    /// 20 MiB baseline and a 100 MiB limit, for `script`; returns the log and the metrics.
    static func run(hoardedImages: Int, script: [ScriptStep]) -> ([String], RunMetrics) {
        var scenario = TestScenarios.zeroCostList(script: script)
        scenario.images.width = 1024
        scenario.images.height = 1024
        scenario.costs.decodeMsPerMegapixel = 0
        scenario.device.baselineFootprintMB = 20
        scenario.device.memoryLimitMB = 100
        let log = LifetimeLog()
        let metrics = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "probe", strategy: { environment in
            LifetimeProbeStrategy(environment: environment, log: log, hoardedImages: hoardedImages)
        }).run()
        return (log.entries, metrics)
    }

    @Test func closuresStillQueuedWhenTheScriptAndSettleLimitEndAreDroppedUncalled() {
        // Given a 1 s pause: the run ends 60 s after it, long before the late timer and disk read
        let (log, metrics) = Self.run(hoardedImages: 0, script: [.pause(seconds: 1)])
        #expect(!metrics.killed)
        // Then the main block and the 1 ms timer ran on a live strategy; the late closures never
        // ran but were released (their sentinels freed) together with the strategy, after every call
        #expect(Array(log.prefix(3)) == ["first cell", "main block ran", "timer ran"])
        #expect(log.dropFirst(3).sorted() == ["sentinel freed", "sentinel freed",
                                              "strategy freed after 2 closure calls"])
    }

    @Test func closuresStillQueuedWhenTheAppIsKilledAreDroppedUncalled() {
        // Given 21 thumbnails of 4 MiB kept at the first cell: 20 + 84 MiB passes the 100 MiB limit there
        let (log, metrics) = Self.run(hoardedImages: 21, script: [.pause(seconds: 1)])
        #expect(metrics.killed)
        // Then nothing the strategy queued ran, not even the main block queued before the kill
        #expect(log.first == "first cell")
        #expect(log.dropFirst().sorted() == ["sentinel freed", "sentinel freed",
                                             "strategy freed after 0 closure calls"])
    }
}
