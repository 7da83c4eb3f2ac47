import ScrollSimCore

/// A library's disk cache of encoded image data (Kingfisher's `DiskStorage`, SDWebImage's
/// `SDDiskCache`, Nuke's `DataCache`): which images are on disk, and what reading and writing
/// them costs.
///
/// - Keys live in a `CacheIndex` ordered by access (LRU) with an optional byte limit (entries
///   cost their encoded size; 0 = unlimited, the Kingfisher and SDWebImage defaults).
/// - Reads go through one serial I/O queue (Kingfisher's and SDWebImage's `ioQueue`, Nuke's
///   serial pipeline queue), then `environment.readDisk` (latency + bytes / throughput).
/// - Writes go through `environment.writeDisk`, on the serial I/O queue when
///   `writesUseIOQueue` (Kingfisher, SDWebImage) or beside it (Nuke's staged, batched writes).
///   A key is readable from the moment its write is issued: the serial queue orders a later
///   read after the write, and Nuke serves staged writes.
/// - A file-existence check (`contains`) costs nothing. Expiry by age (7 days, 1 week) is not
///   modelled: no run lasts that long.
final class DiskCacheModel {
    /// The run's services.
    private let environment: FetchEnvironment
    /// The images on disk, by access (LRU), costing their encoded bytes.
    private let index: CacheIndex
    /// Whether writes queue on the serial I/O queue.
    private let writesUseIOQueue: Bool
    /// The serial I/O queue.
    let ioQueue = PriorityWorkQueue(width: 1)
    /// Scratch buffer for evicted keys.
    @exclusivity(unchecked) private var evicted: [Int] = []

    /// A disk cache of at most `sizeLimitBytes` (0 = unlimited).
    init(environment: FetchEnvironment, sizeLimitBytes: Int64 = 0, writesUseIOQueue: Bool) {
        self.environment = environment
        index = CacheIndex(policy: .lru, costLimit: sizeLimitBytes)
        self.writesUseIOQueue = writesUseIOQueue
    }

    /// Whether `imageID`'s data is on disk.
    func contains(_ imageID: Int) -> Bool { index.contains(imageID) }

    /// Reads `load`'s image data: waits for the I/O queue, reads, then calls `then` off the main
    /// thread with the I/O queue still held (`then` calls `load.leaveQueue()` when done with it).
    func read(into load: SharedImageLoad, then: @escaping () -> Void) {
        let environment = self.environment
        let imageID = load.imageID
        _ = index.touch(imageID)
        load.enqueue(on: ioQueue) {
            load.job = environment.readDisk(bytes: environment.encodedBytes(ofImage: imageID)) {
                load.job = nil
                then()
            }
        }
    }

    /// Stores `imageID`'s downloaded data.
    func store(_ imageID: Int) {
        let bytes = environment.encodedBytes(ofImage: imageID)
        evicted.removeAll(keepingCapacity: true)
        index.insert(imageID, cost: bytes, evicted: &evicted)
        guard writesUseIOQueue else {
            environment.writeDisk(bytes: bytes)
            return
        }
        let environment = self.environment, ioQueue = self.ioQueue
        var ticket = -1
        ticket = ioQueue.add(priority: .normal) {
            environment.writeDisk(bytes: bytes) { ioQueue.release(ticket) }
        }
        ioQueue.startReady()
    }
}
