/// Main-queue blocks without a closure (`FetchEnvironment.async(onMain:tag:)`): the same main
/// item, at the same place in the queue, as `enqueueMainBlock`, but the target and its tag wait in
/// a slot of `pendingMainTargets` (held until the block runs, as a closure holds its captures).
extension Simulator {
    /// Queues on the main queue a block telling `target` `tag` when it runs: the same as
    /// `enqueueMainBlock` of a block calling `target.mainQueueBlockRuns(tag: tag)`.
    func enqueueMainTarget(_ target: any MainQueueTarget, tag: Int) {
        let slot: Int
        if let free = freeMainTargets.take(from: pendingMainTargets) {
            slot = free
            pendingMainTargets[slot].target = target
            pendingMainTargets[slot].tag = tag
        } else {
            slot = pendingMainTargets.count
            pendingMainTargets.append(PendingMainTarget(target: target, tag: tag))
        }
        context.perform({ enqueueMain(.target(slot)) }, orQueue: { .mainTarget(slot) })
    }

    /// Runs the block waiting in `slot` (a main item), freeing the slot first.
    func runMainTarget(_ slot: Int) {
        let target = pendingMainTargets[slot].target.take()  // (moved out: no retain and release)
        let tag = pendingMainTargets[slot].tag
        freeMainTargets.free(slot, in: pendingMainTargets)
        target?.mainQueueBlockRuns(tag: tag)
    }
}

/// A main-queue block of a `MainQueueTarget` waiting to run (`Simulator.pendingMainTargets`).
struct PendingMainTarget: FreeListLinked {
    /// The target (nil once the slot is free, so that it is not held longer).
    var target: (any MainQueueTarget)?
    /// What it was queued with; once the slot is free, the next free slot (`nextFreeSlot`).
    var tag: Int

    /// A free slot's link (`FreeList`), kept in `tag`.
    var nextFreeSlot: Int {
        get { tag }
        set { tag = newValue }
    }
}
