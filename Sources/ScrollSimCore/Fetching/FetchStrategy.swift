/// A cell's identity for the lifetime of a run (cells are created once and reused).
public typealias CellID = Int

/// An image-fetching strategy: what a data source and its image loader do in response to the
/// collection view's callbacks (docs/model.md, "Strategies").
///
/// A strategy acts only through its `FetchEnvironment` (network, disk, decoders, main queue,
/// clock), so every strategy pays the same modelled costs. Callbacks run on the simulated main
/// thread; whatever a strategy does synchronously in them is charged to the current main-thread
/// work item through the environment. All callbacks have empty default implementations.
///
/// Lifetime: the run holds its strategy from the factory's call until the run ends (the script's
/// end plus the settle limit, or the app's death), and nothing is called after that: a completion,
/// main-queue block or timer the strategy handed to the environment and still queued then is
/// dropped uncalled. So such a closure may capture the strategy, or an object the strategy holds
/// for the whole run, `unowned(unsafe)`: no reference count is paid per request.
/// `StrategyLifetimeTests` pins this guarantee.
public protocol FetchStrategy: AnyObject {
    /// `collectionView(_:cellForItemAt:)`: `cell` (new or reused) is being configured for `item`.
    func cellForItem(_ cell: CellID, item: Int)
    /// `collectionView(_:willDisplay:forItemAt:)`.
    func willDisplay(_ cell: CellID, item: Int)
    /// `collectionView(_:didEndDisplaying:forItemAt:)`.
    func didEndDisplaying(_ cell: CellID, item: Int)
    /// `UICollectionViewCell.prepareForReuse()`, called when a pooled cell is dequeued.
    func prepareForReuse(_ cell: CellID)
    /// `collectionView(_:prefetchItemsAt:)`, nearest item first.
    func prefetch(items: [Int])
    /// `collectionView(_:cancelPrefetchingForItemsAt:)`.
    func cancelPrefetching(items: [Int])
    /// Called once per layout pass with the frame's offset, velocity and visible range.
    func scrollDidUpdate(_ update: ScrollUpdate)
    /// `UIApplication.didReceiveMemoryWarningNotification`, delivered on the main thread: when
    /// the app's footprint crosses the device's warning level, and for a script's `memoryWarning`
    /// step (docs/model.md, "Device and memory").
    func didReceiveMemoryWarning()
    /// A system memory-pressure event, as a `DispatchSource.makeMemoryPressureSource` handler on the
    /// main queue receives it (Nuke's memory cache listens to this, not to the UIKit notification).
    /// Delivered for a script's `memoryWarning` step, after `didReceiveMemoryWarning`; the app's own
    /// growth toward its limit does not raise it (that is the per-process warning, another mask).
    func didReceiveMemoryPressure(_ level: MemoryPressureLevel)
}

extension FetchStrategy {
    public func cellForItem(_ cell: CellID, item: Int) {}
    public func willDisplay(_ cell: CellID, item: Int) {}
    public func didEndDisplaying(_ cell: CellID, item: Int) {}
    public func prepareForReuse(_ cell: CellID) {}
    public func prefetch(items: [Int]) {}
    public func cancelPrefetching(items: [Int]) {}
    public func scrollDidUpdate(_ update: ScrollUpdate) {}
    public func didReceiveMemoryWarning() {}
    public func didReceiveMemoryPressure(_ level: MemoryPressureLevel) {}
}

/// What a range-based loader (e.g. Texture) sees of the scroll view at each layout pass.
public struct ScrollUpdate: Sendable, Equatable {
    /// The frame's vsync time.
    public var time: SimTime
    /// Content offset `y` in points, sampled at the vsync.
    public var offset: Double
    /// Velocity in points per second (positive toward the end of the content).
    public var velocity: Double
    /// Scroll direction of the last movement: +1, -1, or 0 before any movement.
    public var direction: Int
    /// Items whose frames intersect the viewport.
    public var visibleItems: Range<Int>
    /// Viewport height in points (a "screen" for range tuning).
    public var viewportHeight: Double

    public init(time: SimTime, offset: Double, velocity: Double, direction: Int, visibleItems: Range<Int>,
                viewportHeight: Double) {
        self.time = time
        self.offset = offset
        self.velocity = velocity
        self.direction = direction
        self.visibleItems = visibleItems
        self.viewportHeight = viewportHeight
    }
}
