import Testing
@testable import ScrollSimCore

/// Network model on hand-computed cases: constant latency 10 ms, 8 Mbit/s = 1 byte/µs, 100 kB images.
@Suite struct NetworkModelTests {
    let scheduler = Scheduler()
    let context: SimContext
    let network: NetworkModel
    var finished: [Int: SimTime] { finishedBox.times }
    let finishedBox = FinishedTimes()

    final class FinishedTimes { var times: [Int: SimTime] = [:]; var results: [Int: NetworkResult] = [:] }

    init() {
        context = SimContext(scheduler: scheduler)
        var config = Scenario.Network()
        config.latencyMsMedian = 10
        config.latencyMsP95 = 10
        config.bandwidthMbps = 8
        config.maxConnections = 2
        network = NetworkModel(context: context, config: config, streams: RandomStreams(seed: 1),
                               bytesOfImage: { _ in 100_000 })
    }

    func load(_ image: Int, priority: RequestPriority = .normal, at time: SimTime) {
        let network = self.network, box = finishedBox, scheduler = self.scheduler
        scheduler.schedule(.deferred({
            _ = network.load(imageID: image, priority: priority) { result in
                box.times[image] = scheduler.now
                box.results[image] = result
            }
        }), at: time)
    }

    func drain() {
        while let event = scheduler.next() {
            switch event {
            case .deferred(let body): body()
            case .networkLatencyDone(let id): network.latencyDone(id)
            case .networkTransferCheck(let generation): network.transferCheck(generation)
            default: break
            }
        }
    }

    @Test func oneTransferTakesLatencyPlusBytesOverBandwidth() {
        load(1, at: 0)
        drain()
        #expect(finished[1] == 110_000_000)  // 10 ms + 100 kB at 1 B/µs
        #expect(network.bytesDownloaded == 100_000)
        #expect(network.fetchesStarted == 1)
    }

    @Test func concurrentTransfersShareBandwidthFairly() {
        // Given a transfer alone from 10 ms, and a second one whose transfer starts at 60 ms
        load(1, at: 0)
        load(2, at: 50_000_000)
        drain()
        // Then the first has 50 kB left at 60 ms, shared at 0.5 B/µs: done at 160 ms;
        // the second got 50 kB by then and finishes alone 50 ms later.
        #expect(finished[1] == 160_000_000)
        #expect(finished[2] == 210_000_000)
    }

    @Test func queuedRequestsWaitForAConnectionByPriorityThenFIFO() {
        // Given two connections busy, then three queued requests of different priorities
        load(1, at: 0)
        load(2, at: 0)
        load(3, priority: .low, at: 1)
        load(4, priority: .high, at: 2)
        load(5, priority: .low, at: 3)
        drain()
        // 1 and 2 share the link: both done at 10 + 200 = 210 ms. Then 4 (high) and 3 (low, first
        // submitted) start at 210 ms and finish at 420 ms; 5 starts at 420 ms, alone: 530 ms.
        #expect(finished[1] == 210_000_000 && finished[2] == 210_000_000)
        #expect(finished[4] == 420_000_000 && finished[3] == 420_000_000)
        #expect(finished[5] == 530_000_000)
    }

    @Test func cancellingATransferKeepsItsPartialBytes() {
        load(1, at: 0)
        let network = self.network
        scheduler.schedule(.deferred({ network.cancel(0) }), at: 35_000_000)  // 25 ms into the transfer
        drain()
        #expect(finished[1] == nil)
        #expect(network.bytesDownloaded == 25_000)
    }

    @Test func aSecondCompleteDownloadOfAnImageIsADuplicate() {
        load(7, at: 0)
        load(7, at: 200_000_000)
        drain()
        #expect(network.duplicateDownloads == 1)
        #expect(network.bytesDownloaded == 200_000)
    }
}
