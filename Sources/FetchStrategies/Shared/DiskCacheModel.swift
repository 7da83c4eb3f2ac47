import ScrollSimCore

/// A library's disk cache of encoded image data (Kingfisher's `DiskStorage`, SDWebImage's
/// `SDDiskCache`, Nuke's `DataCache`): which entries are on disk, and what reading and writing
/// them costs.
///
/// - Entries are keyed by image: the downloaded data under `originalKey(imageID)`, and a
///   processed (downsampled, re-encoded) variant a library stores beside it under
///   `processedKey(imageID)` (Kingfisher's processor identifier, SDWebImage's thumbnail key).
/// - Keys live in a `CacheIndex` ordered by access (LRU) with an optional byte limit (entries
///   cost their bytes; 0 = unlimited, the Kingfisher and SDWebImage defaults).
/// - Reads go through one serial I/O queue, first in, first out (Kingfisher's and SDWebImage's
///   `ioQueue`, Nuke's serial pipeline queue), then `environment.readDisk` (latency + bytes / throughput).
/// - Writes go through `environment.writeDisk`, on the serial I/O queue when
///   `writesUseIOQueue` (Kingfisher, SDWebImage) or beside it (Nuke's staged, batched writes).
///   A key is readable from the moment its write is issued: the serial queue orders a later
///   read after the write, and Nuke serves staged writes.
/// - A file-existence check (`contains`) costs nothing. Expiry by age (7 days, 1 week) is not
///   modelled: no run lasts that long.
final class DiskCacheModel: PriorityWorkTarget, PoolJobTarget {
    /// The run's services.
    private let environment: FetchEnvironment
    /// The entries on disk, by access (LRU), costing their bytes.
    private let index: CacheIndex
    /// The bytes of each entry written (processed variants are smaller than the download), at
    /// `slot(key)`; 0 when not on disk (entries are at least 1 byte).
    @exclusivity(unchecked) private var bytesOfKey = PagedTable<Int64>(empty: 0)
    /// Whether writes queue on the serial I/O queue.
    private let writesUseIOQueue: Bool
    /// The serial I/O queue: first in, first out, whatever the requests' priorities (a serial
    /// `DispatchQueue`: Kingfisher 8.11.0 `ImageCache.swift:198-199`, SDWebImage 5.21.5
    /// `SDImageCacheConfig.m:40-42`, `SDImageCache.m:130-131`; Nuke 13.2.0 reads its `DataCache` in
    /// `TaskLoadImage.start()`, on its pipeline's serial queue, in the order the tasks start).
    let ioQueue = PriorityWorkQueue(width: 1, order: .firstInFirstOut)
    /// Scratch buffer for evicted keys.
    @exclusivity(unchecked) private var evicted: [Int] = []
    /// The writes queued on the I/O queue and not started, in the order queued (the order they
    /// start in: the queue is first in, first out, and a write is never released before it starts).
    @exclusivity(unchecked) private var queuedWrites = FIFOQueue<QueuedWrite>()
    /// The write holding the I/O queue (its one slot), if any.
    @exclusivity(unchecked) private var runningWrite = QueuedWrite(ticket: -1, bytes: 0, writes: 0)

    /// A store's writes on the I/O queue: its ticket, the file's size and the writes left.
    private struct QueuedWrite {
        var ticket: Int
        var bytes: Int64
        var writes: Int
    }

    /// A disk cache of at most `sizeLimitBytes` (0 = unlimited).
    init(environment: FetchEnvironment, sizeLimitBytes: Int64 = 0, writesUseIOQueue: Bool) {
        self.environment = environment
        index = CacheIndex(policy: .lru, costLimit: sizeLimitBytes)
        self.writesUseIOQueue = writesUseIOQueue
    }

    /// The key of `imageID`'s downloaded data (image ids are never negative).
    static func originalKey(_ imageID: Int) -> Int { imageID }
    /// The key of `imageID`'s processed variant.
    static func processedKey(_ imageID: Int) -> Int { -imageID - 1 }

    /// Where entry `key` is in `bytesOfKey`: originals (keys ≥ 0) at even slots, processed
    /// variants (keys < 0) at odd ones.
    static func slot(_ key: Int) -> Int { key >= 0 ? 2 * key : -2 * key - 1 }

    /// Whether `imageID`'s downloaded data is on disk.
    func contains(_ imageID: Int) -> Bool { index.contains(Self.originalKey(imageID)) }

    /// Whether the entry `key` is on disk.
    func contains(key: Int) -> Bool { index.contains(key) }

    /// Reads `load`'s downloaded data: waits for the I/O queue, reads, then calls `then` off the
    /// main thread with the I/O queue still held (`then` calls `load.leaveQueue()` when done).
    func read(into load: SharedImageLoad, then: @escaping () -> Void) {
        read(into: load, key: Self.originalKey(load.imageID), unlessStale: nil) { _ in then() }
    }

    /// Reads entry `key` for `load`. When its turn on the I/O queue comes, `isStale()` (if given)
    /// is asked first: true skips the read and calls `then(false)` at once (Kingfisher's check of
    /// a superseded task before it touches the disk). Otherwise the entry is read and `then(true)`
    /// runs off the main thread. Either way the I/O queue is still held (`load.leaveQueue()`).
    func read(into load: SharedImageLoad, key: Int, unlessStale isStale: (() -> Bool)?,
              then: @escaping (_ wasRead: Bool) -> Void) {
        let environment = self.environment
        let bytes = bytesOfKey[Self.slot(key)]  // read only after `contains(key:)`: the entry's size is known
        _ = index.touch(key)
        load.enqueue(on: ioQueue) {
            if let isStale, isStale() {
                then(false)
                return
            }
            load.job = environment.readDisk(bytes: bytes) {
                load.job = nil
                then(true)
            }
        }
    }

    /// Stores `imageID`'s downloaded data, `bytes` long, writing it `writes` times.
    func store(_ imageID: Int, bytes: Int64, writes: Int = 1) {
        store(key: Self.originalKey(imageID), bytes: bytes, writes: writes)
    }

    /// Stores entry `key` of `bytes`, writing the file `writes` times in a row (SDWebImage writes
    /// a download twice to the same file). On the I/O queue the writes take one turn, back to
    /// back: the same order as blocks enqueued together on a serial queue, as nothing can be
    /// enqueued between them.
    func store(key: Int, bytes: Int64, writes: Int = 1) {
        assert(writes >= 1)
        evicted.removeAllKeepingCapacity()
        bytesOfKey[Self.slot(key)] = bytes
        index.insert(key, cost: bytes, evicted: &evicted)
        for victim in evicted { bytesOfKey[Self.slot(victim)] = 0 }
        guard writesUseIOQueue else {
            for _ in 0..<writes { environment.writeDisk(bytes: bytes) }
            return
        }
        let ticket = ioQueue.add(priority: .normal, target: self, tag: ioQueue.nextTicket)
        queuedWrites.append(QueuedWrite(ticket: ticket, bytes: bytes, writes: writes))
        ioQueue.startReady()
    }

    /// A queued write's turn on the I/O queue came (`PriorityWorkTarget`): the first queued write
    /// starts writing its file, and holds the queue until its last write ends.
    func workStarted(tag: Int) {
        guard let write = queuedWrites.popFirst() else { preconditionFailure("the I/O queue started no queued write") }
        runningWrite = write
        assert(runningWrite.ticket == tag, "the I/O queue started writes out of order")
        environment.writeDisk(bytes: runningWrite.bytes, target: self, tag: 0)
    }

    /// A write of the running store ended (`PoolJobTarget`): the next one of its file starts
    /// (one disk job after the other), or, after the last, the I/O queue is free.
    func poolJobEnded(tag: Int, image: ImageObject?) {
        runningWrite.writes -= 1
        if runningWrite.writes > 0 {
            environment.writeDisk(bytes: runningWrite.bytes, target: self, tag: 0)
        } else {
            ioQueue.release(runningWrite.ticket)
        }
    }
}
