@testable import FetchStrategies
import ScrollSimCore
import Testing

/// The libraries' memory defaults on each device, and how each strategy meets the OS's memory
/// warnings: the footprint's own warning (UIKit's notification only) and the kill.
@Suite struct DeviceMemoryStrategyTests {
    /// Builds a strategy on `device` (a run of nothing) and reads `value` from it.
    static func read<S: FetchStrategy & SendableMetatype, T>(
        _ make: @escaping @Sendable (FetchEnvironment) -> S, on device: DeviceModel, _ value: (S) -> T
    ) -> T {
        var scenario = StrategyTests.fixedList(script: [])
        scenario.device = device.preset
        let probe = StrategyProbe(make)
        _ = probe.run(scenario, name: "\(S.self)")
        return value(probe.strategy)
    }

    @Test(arguments: [
        // model, Kingfisher: physicalMemory / 4; Nuke: min(Int(0.15 × physicalMemory), 768 MB), and
        // the smallest entry it refuses, Int(0.1 × its limit)
        (DeviceModel.iphone8, Int64(521_666_560), Int64(312_999_936), Int64(31_299_993)),  // 1990 MiB
        (.iphoneSE2, 737_411_072, 442_446_643, 44_244_664),                               // 2813 MiB
        (.iphone12, 1_007_681_536, 604_608_921, 60_460_892),                              // 3844 MiB
        (.iphone14Pro, 1_511_522_304, 805_306_368, 80_530_636),                           // 5766 MiB: capped
        (.iphone15Pro, 2_015_363_072, 805_306_368, 80_530_636),                           // 7688 MiB: capped
    ])
    func libraryMemoryDefaultsFollowTheDevice(model: DeviceModel, kingfisher: Int64, nuke: Int64, nukeEntry: Int64) {
        #expect(Self.read({ KingfisherStrategy(environment: $0) }, on: model) { $0.memoryCostLimitBytes } == kingfisher)
        #expect(Self.read({ NukeStrategy(environment: $0) }, on: model) { $0.memoryCostLimitBytes } == nuke)
        #expect(Self.read({ NukeStrategy(environment: $0) }, on: model) { $0.memoryEntryMaxCostBytes } == nukeEntry)
        // A memoryCacheMB parameter still wins over the device
        #expect(Self.read({ NukeStrategy(environment: $0, memoryCacheMB: 100) }, on: model) { $0.memoryCostLimitBytes }
            == 104_857_600)
    }

    @Test func nukeRefusesAnImageCostingExactlyATenthOfItsLimit() {
        // Nuke stores an entry only when cost < Int(0.1 × limit): with a limit of 57 600 000 bytes
        // the tenth is 5 760 000 bytes, exactly a 1200 × 1200 bitmap, which is refused
        #expect(ImageMemoryCache.entryMaxCost(limit: 57_600_000, fraction: 0.1) == 5_760_000)
        #expect(ImageMemoryCache.entryMaxCost(limit: 57_600_001, fraction: 0.1) == 5_760_000)
        #expect(ImageMemoryCache.entryMaxCost(limit: 57_600_010, fraction: 0.1) == 5_760_001)
    }

    /// `fixedList` (items 0…9, then 20…29 at 1 s, back to 0…9 at 2 s; 1200 × 1200 images,
    /// 5 760 000 bytes decoded) on a device that warns above 80 MiB of footprint with no baseline:
    /// the 15th decoded bitmap held crosses it (14 × 5 760 000 = 80 640 000 ≤ 83 886 080 <
    /// 86 400 000), while items 20…29 load.
    static func warningScenario() -> Scenario {
        var scenario = StrategyTests.fixedList(script: [
            .pause(seconds: 1), StrategyTests.jump(to: 20), .pause(seconds: 1), StrategyTests.jump(to: 0),
            .pause(seconds: 1),
        ])
        scenario.device.baselineFootprintMB = 0
        scenario.device.memoryWarningMB = 80
        return scenario
    }

    @Test(arguments: [
        // strategy, outcome of the 10 requests on return, network fetches, warnings, peak bitmaps,
        // and the 20 000-byte responses then held in an HTTP cache's memory tier (URLCache.shared,
        // or Kingfisher's ephemeral session's; never purged by a warning).
        // Kingfisher and the sample decode at display: the frame showing the first 6 of items
        // 20…29 decodes the 15th and 16th bitmaps (16 downloads done) before the warning (a
        // main-queue item after that frame) empties the cache; back at 0…9 the footprint stays
        // at or below 80 MiB.
        ("kingfisher", RequestOutcome.diskHit, 20, 1, 16, 16),
        // SDWebImage decodes off the main thread: the warning is delivered before the 16th decode;
        // back at 0…9, bitmaps read from disk join those stored since the purge and cross again
        ("sdwebimage", .diskHit, 20, 2, 15, 0),
        // Nuke's cache listens to the dispatch source's system pressure, not to this warning
        ("nuke", .memoryHit, 20, 1, 20, 0),
        // The sample's NSCache is emptied; URLCache.shared answers the return (disk hits, no download)
        ("apple-prefetching-sample", .diskHit, 20, 1, 16, 16),
        // The actor loaders ignore warnings and keep every bitmap
        ("actor-loader", .memoryHit, 20, 1, 20, 20),
        ("actor-loader-coalescing", .memoryHit, 20, 1, 20, 20),
        ("actor-loader-capped", .memoryHit, 20, 1, 20, 20),
    ])
    func theFootprintsWarningPurgesWhatListensToUIKit(strategy: String, onReturn: RequestOutcome, fetches: Int,
                                                     warnings: Int, peakBitmaps: Int64, responses: Int64) {
        let log = RequestLog()
        let metrics = StrategyTests.run(Self.warningScenario(), strategy, parameters: [], observer: log)
        #expect(metrics.memoryWarnings == warnings)
        #expect(!metrics.killed)
        #expect(metrics.peakMemoryBytes == peakBitmaps * 5_760_000 + responses * 20_000)
        #expect(log.outcomes(from: 2 * SimDuration.second) == Array(repeating: onReturn, count: 10))
        #expect(metrics.networkFetches == fetches)
    }

    @Test(arguments: [
        // strategy, killed, warnings, peak bitmaps, 20 000-byte responses in an HTTP cache's memory
        // tier then: with a 100 MiB limit (104 857 600 bytes) and no baseline, the 19th bitmap held
        // (109 440 000 bytes, with the 20 responses 109 840 000; 18 and 20 are 104 080 000) kills an
        // app that never lets go
        ("actor-loader-coalescing", true, 1, 19, 20),
        ("nuke", true, 1, 19, 0),
        // Kingfisher's purge on the warning keeps it alive
        ("kingfisher", false, 1, 16, 16),
    ])
    func anAppThatIgnoresTheWarningIsKilledAtTheLimit(strategy: String, killed: Bool, warnings: Int,
                                                     peakBitmaps: Int64, responses: Int64) {
        var scenario = Self.warningScenario()
        scenario.device.memoryLimitMB = 100
        let killedAt = KillLog()
        let metrics = StrategyTests.run(scenario, strategy, parameters: [], observer: killedAt)
        #expect(metrics.killed == killed)
        #expect(metrics.memoryWarnings == warnings)
        #expect(metrics.peakMemoryBytes == peakBitmaps * 5_760_000 + responses * 20_000)
        // Killed while items 20…29 load, after 1 s; the run's scroll time is cut there (a jump
        // is no scroll, so it is 0 either way)
        if killed {
            #expect(killedAt.footprints == [peakBitmaps * 5_760_000 + responses * 20_000])
            #expect(killedAt.times.count == 1 && killedAt.times[0] > SimDuration.second
                    && killedAt.times[0] < 2 * SimDuration.second)
            #expect(metrics.requests == 20)  // the return to 0…9 never happened
        } else {
            #expect(killedAt.times.isEmpty && metrics.requests == 30)
        }
    }
}

/// Records the kill, if any.
final class KillLog: RunObserver {
    var times: [SimTime] = []
    var footprints: [Int64] = []
    func appKilled(at time: SimTime, footprintBytes: Int64) {
        times.append(time)
        footprints.append(footprintBytes)
    }
}
