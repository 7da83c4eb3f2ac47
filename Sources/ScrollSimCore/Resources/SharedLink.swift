/// The device's one network link: its bandwidth shared equally by every transfer in progress, of
/// every session, connection and HTTP/2 stream (processor sharing; see docs/model.md, Resources).
///
/// Fair sharing runs on a virtual "service" clock: every transfer in progress has received the
/// same number of bytes since it started, `service − serviceAtStart`, so a transfer is done when
/// `service` reaches its tag `serviceAtStart + bytes`. The tags sit in a min-heap; a cancelled
/// transfer's tag stays in the heap, marked inactive, and is dropped when it reaches the top.
///
/// - Complexity: `start`, `cancel` and each finished transfer are O(log n) for n transfers in
///   progress. Memory is one record per transfer of the run.
///
/// It does not schedule events: `NetworkModel` asks for the delay to the next finish and checks
/// back then.
struct SharedLink {
    /// A heap entry: a transfer's tag.
    private struct Entry: Comparable {
        /// `serviceAtStart + bytes`: the service at which the transfer is done.
        var tag: Double
        /// The transfer.
        var transfer: Int

        /// Heap order: by tag, then transfer number.
        static func < (a: Entry, b: Entry) -> Bool { a.tag < b.tag || (a.tag == b.tag && a.transfer < b.transfer) }
    }

    /// The link's bandwidth in bytes per nanosecond.
    let bytesPerNanosecond: Double
    /// Bytes each transfer in progress has received since the link was created (virtual clock).
    private var service: Double = 0
    /// When `service` was last brought up to date.
    private var serviceUpdatedAt: SimTime = 0
    /// One transfer (one record, so that a start appends once).
    private struct Transfer {
        /// `service` when it started.
        var serviceAtStart: Double
        /// Its size.
        var bytes: Int64
        /// Still in progress.
        var isActive = true
    }

    /// The transfers of the run, by number.
    private var transfers: [Transfer] = []
    /// Tags of the transfers in progress (and of cancelled ones not yet dropped), smallest first.
    private var heap = MinHeap<Entry>()
    /// Transfers in progress.
    private(set) var activeCount = 0

    /// A link of `bandwidthMbps` megabits per second.
    init(bandwidthMbps: Double) {
        bytesPerNanosecond = bandwidthMbps * 1_000_000 / 8 / 1_000_000_000
    }

    /// Starts a transfer of `bytes` at `now`; returns its number.
    mutating func start(bytes: Int64, at now: SimTime) -> Int {
        advance(to: now)
        let transfer = transfers.count
        transfers.append(Transfer(serviceAtStart: service, bytes: bytes))
        activeCount += 1
        heap.push(Entry(tag: service + Double(bytes), transfer: transfer))
        return transfer
    }

    /// Stops `transfer` at `now`; returns the bytes it had received.
    mutating func cancel(_ transfer: Int, at now: SimTime) -> Int64 {
        guard transfers[transfer].isActive else { return 0 }
        advance(to: now)
        let received = max(0, min(Double(transfers[transfer].bytes), service - transfers[transfer].serviceAtStart))
        transfers[transfer].isActive = false
        activeCount -= 1
        return Int64(received)
    }

    /// Bytes `transfer`, in progress, has received by `now`, rounded down exactly as
    /// `cancel(_:at:)` would count them at `now`; the link is not changed.
    func bytesReceived(by transfer: Int, at now: SimTime) -> Int64 {
        var current = service
        if activeCount > 0 && now > serviceUpdatedAt {
            current += Double(now - serviceUpdatedAt) * bytesPerNanosecond / Double(activeCount)
        }
        return Int64(max(0, min(Double(transfers[transfer].bytes), current - transfers[transfer].serviceAtStart)))
    }

    /// Bytes the transfers in progress have received by `now` (each rounded down as `cancel`
    /// counts them), summed in start order; the link is not changed.
    /// - Complexity: O(transfers of the run); used once, at the run's end.
    func bytesReceivedByActiveTransfers(at now: SimTime) -> Int64 {
        guard activeCount > 0 else { return 0 }
        var current = service
        if now > serviceUpdatedAt {
            current += Double(now - serviceUpdatedAt) * bytesPerNanosecond / Double(activeCount)
        }
        var total: Int64 = 0
        for transfer in transfers where transfer.isActive {
            total += Int64(max(0, min(Double(transfer.bytes), current - transfer.serviceAtStart)))
        }
        return total
    }

    /// Ends every transfer whose bytes have all arrived by `now` and puts them in `done`, in start
    /// order (`done` is emptied first and its storage kept: no allocation per call).
    mutating func takeFinished(at now: SimTime, into done: inout [Int]) {
        advance(to: now)
        if !done.isEmpty { done.removeAllKeepingCapacity() }  // (a call on an empty array is not free)
        while let top = heap.first, !transfers[top.transfer].isActive || top.tag - service <= 1e-6 {
            heap.removeFirst()
            guard transfers[top.transfer].isActive else { continue }
            transfers[top.transfer].isActive = false
            activeCount -= 1
            done.append(top.transfer)
        }
        if done.count > 1 { done.sort() }
    }

    /// Nanoseconds from the last update until the earliest transfer in progress is done, rounded
    /// up; nil when nothing is in progress.
    mutating func delayToNextFinish() -> SimTime? {
        while let top = heap.first, !transfers[top.transfer].isActive { heap.removeFirst() }
        guard let top = heap.first else { return nil }
        let remaining = max(0, top.tag - service)
        let nanoseconds = (remaining * Double(activeCount) / bytesPerNanosecond).rounded(.up)
        return SimDuration.saturating(nanoseconds: nanoseconds)
    }

    /// Brings the virtual clock to `now`: the transfers in progress shared the bandwidth equally.
    private mutating func advance(to now: SimTime) {
        if activeCount > 0 && now > serviceUpdatedAt {
            service += Double(now - serviceUpdatedAt) * bytesPerNanosecond / Double(activeCount)
        }
        serviceUpdatedAt = now
    }
}
