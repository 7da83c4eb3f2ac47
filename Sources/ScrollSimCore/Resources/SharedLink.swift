/// The device's one network link: its bandwidth shared equally by every transfer in progress, of
/// every session, connection and HTTP/2 stream (processor sharing; see docs/model.md, Resources).
///
/// Fair sharing runs on a virtual "service" clock: every transfer in progress has received the
/// same number of bytes since it started, `service − serviceAtStart`, so a transfer is done when
/// `service` reaches its tag `serviceAtStart + bytes`. The tags sit in a min-heap; a cancelled
/// transfer's tag stays in the heap, marked inactive, and is dropped when it reaches the top.
///
/// A transfer's record is recycled once its tag has left the heap (the free slot freed last
/// first), so memory follows the transfers in progress (and cancelled ones whose tags wait in the
/// heap), not the run's length. A transfer's number is its start rank times 2²⁴ plus its slot:
/// numbers order transfers by start, as the heap's ties and `takeFinished` need.
///
/// - Complexity: `start`, `cancel` and each finished transfer are O(log n) for n transfers in
///   progress.
///
/// It does not schedule events: `NetworkModel` asks for the delay to the next finish and checks
/// back then.
struct SharedLink {
    /// A heap entry: a transfer's tag.
    private struct Entry: Comparable {
        /// `serviceAtStart + bytes`: the service at which the transfer is done.
        var tag: Double
        /// The transfer's number.
        var transfer: Int

        /// Heap order: by tag, then transfer number (start order).
        static func < (a: Entry, b: Entry) -> Bool { a.tag < b.tag || (a.tag == b.tag && a.transfer < b.transfer) }
    }

    /// The link's bandwidth in bytes per nanosecond.
    let bytesPerNanosecond: Double
    /// Bytes each transfer in progress has received since the link was created (virtual clock).
    private var service: Double = 0
    /// When `service` was last brought up to date.
    private var serviceUpdatedAt: SimTime = 0
    /// One transfer (one record, so that a start writes once).
    private struct Transfer: FreeListLinked {
        /// `service` when it started.
        var serviceAtStart: Double
        /// Its size.
        var bytes: Int64
        /// Its number (a recycled slot keeps its last transfer's until reused).
        var number: Int
        /// Whom it is for (the caller's number: `takeFinished` reports it); while the slot is free,
        /// the next free slot.
        var owner: Int
        /// Still in progress (false in a free slot).
        var isActive = true

        /// The free list's link: `owner`.
        var nextFreeSlot: Int {
            get { owner }
            set { owner = newValue }
        }
    }

    /// The transfers whose tags are in the heap, by slot (and free slots, in `freeSlots`).
    /// (A buffer only this link holds: a change of a record pays no uniqueness check.)
    private let transfers = RecordBuffer<Transfer>()
    /// The free slots of `transfers`.
    private var freeSlots = FreeList()
    /// Transfers started so far (the next start rank).
    private var started = 0
    /// Tags of the transfers in progress (and of cancelled ones not yet dropped), smallest first.
    private let heap = MinHeap<Entry>()
    /// Transfers in progress.
    private(set) var activeCount = 0

    /// A link of `bandwidthMbps` megabits per second.
    init(bandwidthMbps: Double) {
        bytesPerNanosecond = bandwidthMbps * 1_000_000 / 8 / 1_000_000_000
    }

    /// Slots of transfer records made: as many as were ever in the heap at once (tests).
    var transferSlotCount: Int { transfers.count }

    /// The slot of transfer number `transfer`.
    @inline(__always)
    private static func slot(_ transfer: Int) -> Int { transfer & (1 << 24 - 1) }

    /// Starts a transfer of `bytes` at `now` for `owner`; returns its number.
    mutating func start(bytes: Int64, at now: SimTime, owner: Int) -> Int {
        advance(to: now)
        let free = freeSlots.take(from: transfers)
        let slot = free ?? transfers.count
        let transfer = started << 24 | slot
        started += 1
        let record = Transfer(serviceAtStart: service, bytes: bytes, number: transfer, owner: owner)
        if free != nil {
            transfers[slot] = record
        } else {
            precondition(slot < 1 << 24, "too many transfers at once")
            transfers.append(record)
        }
        activeCount += 1
        heap.push(Entry(tag: service + Double(bytes), transfer: transfer))
        return transfer
    }

    /// Frees `slot`, whose tag left the heap.
    @inline(__always)
    private mutating func free(_ slot: Int) {
        freeSlots.free(slot, in: transfers)
    }

    /// Stops `transfer` at `now`; returns the bytes it had received (0 when it is no longer in
    /// progress).
    mutating func cancel(_ transfer: Int, at now: SimTime) -> Int64 {
        let slot = Self.slot(transfer)
        guard transfers[slot].number == transfer && transfers[slot].isActive else { return 0 }
        advance(to: now)
        let received = max(0, min(Double(transfers[slot].bytes), service - transfers[slot].serviceAtStart))
        transfers[slot].isActive = false
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
        let slot = Self.slot(transfer)
        return Int64(max(0, min(Double(transfers[slot].bytes), current - transfers[slot].serviceAtStart)))
    }

    /// Bytes the transfers in progress have received by `now` (each rounded down as `cancel`
    /// counts them), summed (in slot order: an integer sum); the link is not changed.
    /// - Complexity: O(slots); used once, at the run's end.
    func bytesReceivedByActiveTransfers(at now: SimTime) -> Int64 {
        guard activeCount > 0 else { return 0 }
        var current = service
        if now > serviceUpdatedAt {
            current += Double(now - serviceUpdatedAt) * bytesPerNanosecond / Double(activeCount)
        }
        var total: Int64 = 0
        for transfer in transfers.elements where transfer.isActive {
            total += Int64(max(0, min(Double(transfer.bytes), current - transfer.serviceAtStart)))
        }
        return total
    }

    /// Ends every transfer whose bytes have all arrived by `now` and puts their owners in `done`, in
    /// start order (`done` is emptied first and its room kept: no allocation per call).
    mutating func takeFinished(at now: SimTime, into done: RecordBuffer<Int>) {
        advance(to: now)
        done.removeAll()
        while let top = heap.first, !transfers[Self.slot(top.transfer)].isActive || top.tag - service <= 1e-6 {
            heap.removeFirst()
            let slot = Self.slot(top.transfer)
            guard transfers[slot].isActive else {
                free(slot)  // cancelled
                continue
            }
            transfers[slot].isActive = false
            activeCount -= 1
            done.append(top.transfer)
        }
        guard !done.isEmpty else { return }
        var numbers = done.mutableElements
        if numbers.count > 1 { numbers.sort() }
        for index in numbers.indices {
            let slot = Self.slot(numbers[index])
            numbers[index] = transfers[slot].owner
            free(slot)
        }
    }

    /// Nanoseconds from the last update until the earliest transfer in progress is done, rounded
    /// up; nil when nothing is in progress.
    mutating func delayToNextFinish() -> SimTime? {
        while let top = heap.first, !transfers[Self.slot(top.transfer)].isActive {
            heap.removeFirst()
            free(Self.slot(top.transfer))  // cancelled
        }
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
