import ScrollSimCore

/// Watches a run for a strategy that reports its own memory or hits wrongly (tests only):
///
/// - **retain/release balance**: a strategy may release only what it holds, once per retain
///   (`FetchEnvironment.retain` / `release`, counted per image instance); a release of an image
///   it does not hold is a problem, and so is anything still held when `finish` is called with
///   `expectingEmpty` (after a memory warning that empties every cache, say);
/// - **hits match deliveries**: a request recorded as a memory hit for image `X` (answered at
///   once from a memory cache) must be followed by the final image `X` set on a cell, in the same
///   main-thread work item or in a main-queue block run before the end of the next frame (a hop to
///   the main queue, as actor loaders make, is allowed; a hit that delivers nothing is not).
///
/// Problems are collected as lines (`problems`), never trapped, so a test can assert on them and
/// a deliberately wrong strategy can be shown to be caught.
public final class StrategyAudit: RunObserver {
    /// What went wrong, one line each, in run order.
    public private(set) var problems: [String] = []
    /// Retains minus releases per image instance (lookups only, never iterated).
    private var held: [ObjectIdentifier: Int] = [:]
    /// Instances held, for `finish` (in retain order).
    private var heldImages: [ImageObject] = []
    /// Memory hits not yet matched by a delivery: image, the cell (once known), and the index of
    /// the main-thread work item that recorded them.
    private var pendingHits: [(imageID: Int, cell: CellID?, workItem: Int, time: SimTime)] = []
    /// Index of the main-thread work item in progress.
    private var workItem = 0

    /// An audit with no problems yet.
    public init() {}

    /// Counts the retain.
    public func imageRetained(_ image: ImageObject, at time: SimTime) {
        let key = ObjectIdentifier(image)
        if held[key, default: 0] == 0 { heldImages.append(image) }
        held[key, default: 0] += 1
    }

    /// Checks the release against the retains.
    public func imageReleased(_ image: ImageObject, at time: SimTime) {
        let key = ObjectIdentifier(image)
        guard let count = held[key], count > 0 else {
            problems.append("t=\(time) ns: released an instance of image \(image.imageID) it does not hold")
            return
        }
        held[key] = count - 1
    }

    /// Notes a memory hit.
    public func imageRequested(imageID: Int, outcome: RequestOutcome, at time: SimTime) {
        if outcome == .memoryHit { pendingHits.append((imageID, nil, workItem, time)) }
    }

    /// Attaches the cell of the callback to the hits it recorded.
    public func lifecycleCallback(_ event: LifecycleEvent, duration: SimTime) {
        for index in pendingHits.indices
        where pendingHits[index].cell == nil && pendingHits[index].workItem == workItem {
            pendingHits[index].cell = event.cell
        }
    }

    /// Matches a final image with a pending hit.
    public func imageSet(imageID: Int?, on cell: CellID, isFinal: Bool, at time: SimTime) {
        guard let imageID, isFinal,
              let index = pendingHits.firstIndex(where: { hit in
                  hit.imageID == imageID && (hit.cell == nil || hit.cell == cell)
              })
        else { return }
        pendingHits.remove(at: index)
    }

    /// At the end of a frame, every hit recorded before it must have been delivered.
    public func mainThreadWork(_ work: MainThreadWork, start: SimTime, end: SimTime) {
        if work == .frame {
            for hit in pendingHits where hit.workItem < workItem {
                let cell = hit.cell.map { " for cell \($0)" } ?? ""
                problems.append("t=\(hit.time) ns: recorded a memory hit for image \(hit.imageID)\(cell) "
                                + "but set no such image by the end of the next frame")
            }
            pendingHits.removeAll { $0.workItem < workItem }
        }
        workItem += 1
    }

    /// Ends the audit; with `expectingEmpty`, every instance still held is a problem.
    public func finish(expectingEmpty: Bool = false) {
        guard expectingEmpty else { return }
        for image in heldImages where held[ObjectIdentifier(image), default: 0] > 0 {
            problems.append("still holds an instance of image \(image.imageID) at the end")
        }
    }
}
