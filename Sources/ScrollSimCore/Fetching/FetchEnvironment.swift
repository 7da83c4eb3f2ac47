/// How a strategy decodes an image off the main thread.
public enum DecodeMode: Sendable, Equatable {
    /// Full decode of the source image: `decodeMsPerMegapixel` × source megapixels; bitmap at full size.
    case full
    /// ImageIO thumbnail decode to at most `maxPixelSize` on the long side:
    /// `thumbnailMsPerMegapixel` × source megapixels; bitmap at the thumbnail size.
    case thumbnail(maxPixelSize: Int)
    /// A lazily decoded full image drawn into a `width` × `height` bitmap (Nuke's resize
    /// processor, Texture's ASImageNode backing store): the draw decodes the whole source,
    /// `decodeMsPerMegapixel` × source megapixels; the scaling itself is not charged (assumed: no
    /// published figure, and it is small beside the decode); bitmap at `width` × `height`.
    case drawn(width: Int, height: Int)
    /// A processed `width` × `height` image a library re-encoded into its disk cache, decoded
    /// again: `decodeMsPerMegapixel` × its own megapixels; bitmap at that size.
    case stored(width: Int, height: Int)
}

/// How a request to configure a cell was answered, for the request metrics (docs/metrics.md).
public enum RequestOutcome: Sendable, Equatable {
    /// Answered at once from a memory cache.
    case memoryHit
    /// Served from a disk cache.
    case diskHit
    /// Joined a load already in flight.
    case inflightJoin
    /// Started a new load (network).
    case miss
}

/// The services a strategy acts through (docs/model.md, "What a strategy can know"): clock, network, disk,
/// decoder threads, the main queue, cells and memory accounting. Every strategy pays the same
/// modelled costs because this is the only way to act.
///
/// No oracles: this is also all a strategy can know, and it is what a real app can know. The
/// layout (`layout`, `cellPixelSize(ofItem:)`), the display (`display`), the images' pixel size
/// (`imagePixelSize(ofImage:)`: assumed to come with the URL, as many feed APIs give width and
/// height; docs/fidelity.md marks it), the device (`device`,
/// `availableMemoryBytes`), the clock, and what its own requests measured (a session's
/// `metricsHandler` receives each request's `TaskMetrics`; a completion gives the bytes
/// received). The scenario itself (its network's latency and bandwidth, the disk, the images'
/// encoded sizes, the costs, the seed) is not reachable from here: a strategy that wants a
/// figure must measure it. The costs are still charged: through the calls below, by the
/// simulator.
///
/// Threading model: lifecycle callbacks and main-queue blocks run on the simulated main thread;
/// network, disk and decode completions run off it and must hop to the main queue
/// (`async(onMain:)`) before touching cells, as UIKit requires.
public final class FetchEnvironment {
    /// The run this environment belongs to, borrowed (`BorrowedReference` says why that is sound:
    /// an environment must not be used after its run has ended). Every use goes through `withSim`.
    private let simulator: BorrowedReference<Simulator>
    /// The simulator's context, memory ledger and scheduler, held here so that the calls made
    /// most reach them without going through the simulator.
    let context: SimContext
    let memory: MemoryLedger
    let scheduler: Scheduler

    /// Runs `body` with the simulator, borrowed (no retain and release of it).
    @inline(__always)
    private func withSim<Result>(_ body: (Simulator) -> Result) -> Result {
        simulator.with(body)
    }

    init(sim: Simulator) {
        simulator = BorrowedReference(sim)
        context = sim.context
        memory = sim.memory
        scheduler = sim.scheduler
    }

    // MARK: Clock and display

    /// The current simulated time of the calling code.
    public var now: SimTime { context.now }
    /// The display: its refresh rate and vsync grid.
    public var display: DisplayInfo { withSim { sim in DisplayInfo(refreshHz: sim.scenario.refreshHz) } }
    /// Whether the calling code runs on the main thread.
    public var isOnMainThread: Bool { context.isOnMainThread }

    // MARK: Device

    /// What the app reads of its device (`ProcessInfo.physicalMemory`, `activeProcessorCount`),
    /// from which the libraries compute their defaults.
    public var device: DeviceInfo { withSim { sim in sim.deviceInfo } }
    /// `os_proc_available_memory()`: the bytes the app may still allocate before its memory
    /// limit (the limit minus the footprint, baseline included; 0 at or past it).
    public var availableMemoryBytes: Int64 {
        let device = withSim { sim in sim.scenario.device }
        return max(0, device.memoryLimitBytes - device.baselineFootprintBytes - memory.currentBytes)
    }

    // MARK: Images

    /// The image item `item` shows (its URL).
    public func imageID(forItem item: Int) -> Int { withSim { sim in sim.images.imageID(forItem: item) } }
    /// Encoded size of an image in bytes: the scenario's draw, not visible to strategies (they
    /// learn an image's size from its download, `NetworkResult.success(bytes:)`).
    func encodedBytes(ofImage imageID: Int) -> Int64 {
        withSim { sim in sim.images.encodedBytes(ofImage: imageID) }
    }
    /// Full pixel size of the source image `imageID` (assumed known with the URL, as many feed
    /// APIs give it: docs/fidelity.md; with a `layout.catalog` each image has its own).
    public func imagePixelSize(ofImage imageID: Int) -> (width: Int, height: Int) {
        withSim { sim in sim.images.pixelSize(ofImage: imageID) }
    }
    /// Pixel size of the cell showing `item` (points × scale), the target of a downsampled decode.
    public func cellPixelSize(ofItem item: Int) -> (width: Int, height: Int) {
        withSim { sim in sim.layout.cellPixelSize(ofItem: item) }
    }

    /// The collection's geometry (item frames, `items(intersecting:_:)`), for loaders that plan in
    /// points rather than through prefetch calls (Texture's ranges, a velocity-aware horizon).
    public var layout: CollectionLayout { withSim { sim in sim.layout } }

    /// A small decoded bitmap available at once: a low-resolution placeholder the app ships with
    /// (Apple's asset-store sample), at most `maxPixelSize` on the long side. Called on the main
    /// thread (as the sample does, from `cellForItem`), its decode, `decodeMsPerMegapixel` (÷ the
    /// device's decode speed) × its own megapixels, is charged to the main thread and counted in
    /// `main_decode_ms`; called elsewhere it costs nothing (no caller does).
    public func makeBundledThumbnail(_ imageID: Int, maxPixelSize: Int) -> ImageObject {
        let image = withSim { sim in
            let (_, image) = sim.makeDecodedImage(imageID, mode: .thumbnail(maxPixelSize: maxPixelSize))
            if context.isOnMainThread {
                let cost = SimDuration.milliseconds(sim.decodeMsPerMegapixel * image.megapixels)
                sim.chargeMain(cost)
                sim.recorder.metrics.mainDecodeNanos += cost
            }
            return image
        }
        memory.markDecoded(image)
        return image
    }

    /// `UIImage(data:)`: an undecoded full image, decoded lazily on the main thread at the commit of
    /// the first frame that shows it. Costs nothing now.
    public func makeUndecodedImage(_ imageID: Int) -> ImageObject {
        let source = withSim { sim in sim.images.pixelSize(ofImage: imageID) }
        return ImageObject(imageID: imageID, pixelWidth: source.width, pixelHeight: source.height,
                           isThumbnail: false, isDecoded: false)
    }

    /// `UIImage(data:)` of a processed `width` × `height` image read back from a disk cache:
    /// undecoded, decoded lazily on the main thread at first display (at its own size). Costs
    /// nothing now.
    public func makeUndecodedImage(_ imageID: Int, width: Int, height: Int) -> ImageObject {
        ImageObject(imageID: imageID, pixelWidth: max(1, width), pixelHeight: max(1, height),
                    isThumbnail: true, isDecoded: false)
    }

    /// The bitmap size a decode of `imageID` in `mode` produces.
    public func pixelSize(ofImage imageID: Int, mode: DecodeMode) -> (width: Int, height: Int) {
        let image = withSim { sim in sim.makeDecodedImage(imageID, mode: mode).1 }
        return (image.pixelWidth, image.pixelHeight)
    }

    // MARK: Resources

    /// A new `URLSession` with its own connection pool and per-host limit (`load` on it starts a
    /// request). A library that owns its session makes it once, in its initialiser.
    public func makeSession(_ configuration: NetworkSession.Configuration) -> NetworkSession {
        withSim { sim in sim.network.makeSession(configuration) }
    }

    /// `URLSession.shared`: one session for the whole run, with the default per-host limit.
    public var sharedSession: NetworkSession { withSim { sim in sim.network.sharedSession } }

    /// Reads `bytes` from the disk (latency + bytes / throughput on one of the disk queues);
    /// `completion` runs off the main thread.
    @discardableResult
    public func readDisk(bytes: Int64, completion: @escaping () -> Void) -> PoolTask {
        withSim { sim in sim.disk.submit(duration: sim.diskDuration(bytes: bytes), completion: completion) }
    }

    /// `readDisk(bytes:completion:)` whose end calls `target.poolJobEnded(tag:image:)` (with a nil
    /// image) instead of a completion closure (the target is held until then).
    @discardableResult
    public func readDisk(bytes: Int64, target: any PoolJobTarget, tag: Int) -> PoolTask {
        withSim { sim in sim.disk.submit(duration: sim.diskDuration(bytes: bytes), target: target, tag: tag) }
    }

    /// Writes `bytes` to the disk (same cost model as a read); `completion` runs off the main thread.
    @discardableResult
    public func writeDisk(bytes: Int64, completion: @escaping () -> Void = {}) -> PoolTask {
        withSim { sim in sim.disk.submit(duration: sim.diskDuration(bytes: bytes), completion: completion) }
    }

    /// `writeDisk(bytes:completion:)` whose end calls `target.poolJobEnded(tag:image:)` (with a
    /// nil image) instead of a completion closure (the target is held until then).
    @discardableResult
    public func writeDisk(bytes: Int64, target: any PoolJobTarget, tag: Int) -> PoolTask {
        withSim { sim in sim.disk.submit(duration: sim.diskDuration(bytes: bytes), target: target, tag: tag) }
    }

    /// Decodes `imageID` on a decoder thread; `completion` receives a decoded image, off the main thread.
    @discardableResult
    public func decode(_ imageID: Int, mode: DecodeMode, completion: @escaping (ImageObject) -> Void) -> PoolTask {
        withSim { sim in
            let (duration, image) = sim.makeDecodedImage(imageID, mode: mode)
            return sim.decoders.submit(duration: duration, decoding: consume image, completion: completion)
        }
    }

    /// `decode(_:mode:completion:)` whose end calls `target.poolJobEnded(tag:image:)` with the
    /// decoded image instead of a completion closure (the target is held until then).
    @discardableResult
    public func decode(_ imageID: Int, mode: DecodeMode, target: any PoolJobTarget, tag: Int) -> PoolTask {
        withSim { sim in
            let (duration, image) = sim.makeDecodedImage(imageID, mode: mode)
            return sim.decoders.submit(duration: duration, decoding: consume image, target: target, tag: tag)
        }
    }

    /// Runs `block` on the main queue (FIFO, after the work already queued there).
    public func async(onMain block: @escaping () -> Void) {
        withSim { sim in sim.enqueueMainBlock(block) }
    }

    /// `async(onMain:)` of a block calling `target.mainQueueBlockRuns(tag: tag)`, without making a
    /// closure (the target is held until then).
    public func async(onMain target: any MainQueueTarget, tag: Int) {
        withSim { sim in sim.enqueueMainTarget(target, tag: tag) }
    }

    /// Runs `block` after `delay` off the main thread (a timer on a background queue).
    public func schedule(after delay: SimTime, _ block: @escaping () -> Void) {
        let at = now + max(0, delay)
        context.perform({ scheduler.schedule(.deferred(block), at: at) }, orQueue: {
            withSim { sim in sim.timersToStart.append((block: block, due: at, start: context.mainCursor)) }
            return .timerStart
        })
    }

    // MARK: Main thread and cells

    /// Charges `milliseconds` of synchronous work to the main thread (only meaningful on it).
    public func chargeMainThread(milliseconds: Double) {
        withSim { sim in sim.chargeMain(SimDuration.milliseconds(milliseconds)) }
    }

    /// Charges the modelled cost of configuring a cell (what the simulator charges for each
    /// `cellForItem`) to the main thread, for a strategy that configures a cell again itself
    /// (`reconfigureItems(at:)` runs the cell provider once more). The figure stays the
    /// simulator's: a strategy never reads it.
    public func chargeCellConfiguration() {
        withSim { sim in sim.chargeMain(sim.cellForItemCost) }
    }

    /// Sets `image` (or nil) on `cell`, charging `setImageMs`. `isFinal` false marks a placeholder
    /// (a cell showing a placeholder counts as blank). Main thread only.
    public func setImage(_ image: ImageObject?, on cell: CellID, isFinal: Bool = true) {
        withSim { sim in sim.setImage(image, on: cell, isFinal: isFinal) }
    }

    /// Hops to the main queue, then sets `image` on `cell` only if the cell still represents
    /// `identifier` (the `representedIdentifier` guard of Apple's samples and of views keyed by
    /// identity), so a late result for a reused cell is dropped instead of shown on the wrong item.
    /// With `identifier` nil, the image is set whatever the cell represents then (`async(onMain:
    /// { setImage(image, on: cell) })`). No closure is made: the simulator keeps the image, cell
    /// and identifier until the hop runs.
    public func setImageOnMain(_ image: ImageObject, on cell: CellID, ifRepresenting identifier: Int? = nil) {
        withSim { sim in sim.enqueueMainImageSet(image, on: cell, ifRepresenting: identifier) }
    }

    /// The image `cell` shows now.
    public func image(on cell: CellID) -> ImageObject? { withSim { sim in sim.cells[cell].image } }

    /// The `representedIdentifier` the app stored on `cell` (nil until set).
    public func representedIdentifier(of cell: CellID) -> Int? {
        withSim { sim in sim.cells[cell].representedIdentifier }
    }

    /// Stores an app-level identity on `cell`, as the sample's `representedIdentifier` property.
    public func setRepresentedIdentifier(_ identifier: Int?, of cell: CellID) {
        withSim { sim in sim.cells[cell].representedIdentifier = identifier }
    }

    // MARK: Memory and metrics

    /// A cache starts holding `image` (its decoded bytes count toward peak memory while held).
    public func retain(_ image: ImageObject) {
        memory.retain(image)
        withSim { sim in sim.observer?.imageRetained(image, at: now) }
    }
    /// A cache stops holding `image` (one `release` per `retain`).
    public func release(_ image: ImageObject) {
        memory.release(image)
        withSim { sim in sim.observer?.imageReleased(image, at: now) }
    }

    /// A cache starts holding `bytes` of memory that are not a bitmap (encoded image data kept in
    /// memory, as PINCache's memory cache keeps it): they count toward the footprint and
    /// `peak_memory_mb` like decoded bytes until `releaseMemory(bytes:)`.
    public func chargeMemory(bytes: Int64) {
        memory.charge(bytes)
    }
    /// A cache stops holding `bytes` it charged with `chargeMemory(bytes:)` (the same amount).
    public func releaseMemory(bytes: Int64) {
        memory.discharge(bytes)
    }

    /// Records how a request to configure a cell for `imageID` was answered (`requests` and its
    /// breakdown; the image id goes into request traces).
    public func record(_ outcome: RequestOutcome, imageID: Int) {
        withSim { sim in sim.recordRequest(outcome, imageID: imageID) }
    }
}
