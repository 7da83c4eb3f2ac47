/// The vsync grid, the serial main thread and frame accounting (docs/model.md, "Display, main thread and frames").
extension Simulator {
    // MARK: Vsync grid

    /// Time of vsync `k`: floor(k · 1e9 / refreshHz) ns (`VsyncDivision`: no division).
    @inline(__always)
    func vsyncTime(_ k: Int) -> SimTime {
        vsyncDivision.time(k)
    }

    /// The first vsync at or after `time` (the direct case inlined, the rest out of line).
    @inline(__always)
    func vsyncIndex(atOrAfter time: SimTime) -> Int {
        // vsyncTime(k) = floor(k · 1e9 / hz) ≥ t (an integer) exactly when k · 1e9 ≥ t · hz, so
        // the answer is ceil(t · hz / 1e9): one division by a constant while t · hz fits.
        // (0 ≤ time ≤ limit as one unsigned comparison; the limit is −1 when there is none.)
        if UInt64(bitPattern: time) < UInt64(bitPattern: vsyncIndexDirectLimit &+ 1) {
            return Int((time &* refreshHz &+ (SimDuration.second - 1)) / SimDuration.second)
        }
        return vsyncIndexBeyondDirectLimit(atOrAfter: time)
    }

    /// `vsyncIndex(atOrAfter:)` for a time before 0 or past `vsyncIndexDirectLimit`.
    @inline(never)
    func vsyncIndexBeyondDirectLimit(atOrAfter time: SimTime) -> Int {
        // (t / 1 s) · hz + (t mod 1 s) · hz / 1 s: exact, and cannot overflow.
        var k = Int((time / SimDuration.second) * refreshHz
                    + (time % SimDuration.second) * refreshHz / SimDuration.second)
        while vsyncTime(k) < time { k += 1 }
        while k > 0 && vsyncTime(k - 1) >= time { k -= 1 }
        return k
    }

    /// The scroll offset sampled at vsync `k`, remembering the last two vsyncs asked (each is
    /// asked several times around a frame; a fling's offset costs an `exp`).
    @inline(__always)
    func offset(atVsync k: Int) -> Double {
        sample(atVsync: k).offset
    }

    /// The timeline's offset and velocity at vsync `k` (`timeline.offset(at:)` and
    /// `timeline.velocity(at:)` of `vsyncTime(k)`), from the two-vsync cache when it holds `k`.
    /// The cache's test is inlined; a miss computes the sample out of line (`sampleMissed`), or
    /// reads it from the shared store when the run has one (`sharedSampleMissed`: the same bits).
    @inline(__always)
    func sample(atVsync k: Int) -> ScrollTimeline.Sample {
        if k == sampleCache.1.vsync { return sampleCache.1.sample }
        if k == sampleCache.0.vsync { return sampleCache.0.sample }
        return sampleStore == nil ? sampleMissed(atVsync: k) : sharedSampleMissed(atVsync: k)
    }

    /// `sample(atVsync:)` for a vsync not in the cache, in a run sampling alone: sampled, and
    /// remembered.
    @inline(never)
    func sampleMissed(atVsync k: Int) -> ScrollTimeline.Sample {
        let sample = timeline.sample(at: vsyncTime(k), segmentHint: &segmentHint)
        sampleCache = (sampleCache.1, (k, sample))
        return sample
    }

    /// `sample(atVsync:)` for a vsync not in the cache, in a run with a `sampleStore`: read from
    /// the run's chunk (after moving to the store's chunk holding `k` when it is not there), and
    /// remembered; a vsync past the store's last chunk (`ScrollSampleStore.vsyncLimit`) is sampled
    /// alone (`sampleMissed`: the same bits).
    @inline(never)
    func sharedSampleMissed(atVsync k: Int) -> ScrollTimeline.Sample {
        assert(k >= 0, "a vsync before the first")  // before the first move, `i` could index no chunk
        var i = k &- sampleChunkFirst
        if i < 0 || i >= ScrollSampleStore.chunkSize {
            guard k < ScrollSampleStore.vsyncLimit else { return sampleMissed(atVsync: k) }
            i = moveSampleChunk(toVsync: k)
        }
        let sample = sampleChunkBase.unsafelyUnwrapped[i]
        sampleCache = (sampleCache.1, (k, sample))
        return sample
    }

    /// Makes the store's chunk holding vsync `k` (< `ScrollSampleStore.vsyncLimit`) the run's
    /// chunk; returns `k`'s index in it.
    @inline(never)
    func moveSampleChunk(toVsync k: Int) -> Int {
        guard let sampleStore else { preconditionFailure("no sample store") }
        let chunk = sampleStore.chunk(containing: k)
        sampleChunk = chunk
        sampleChunkFirst = chunk.first
        sampleChunkBase = UnsafePointer(chunk.samples.baseAddress!)
        return k - chunk.first
    }

    /// Makes sure a frame is considered at the first vsync at or after `time`.
    func requestFrame(atOrAfter time: SimTime) {
        requestFrame(vsync: vsyncIndex(atOrAfter: time))
    }

    /// Makes sure a frame is considered at vsync `k` (or earlier, if one is already pending).
    @inline(__always)
    func requestFrame(vsync k: Int) {
        if isFrameInFlight { return }  // the commit re-checks what is needed
        let k = max(k, lastFrameVsync + 1)
        if let pending = scheduledVsync, pending <= k { return }
        scheduledVsync = k
        scheduler.schedule(.vsync(k), at: vsyncTime(k))
    }

    /// Whether the display needs a new frame for vsync `k`.
    @inline(__always)
    func needsFrame(_ k: Int) -> Bool {
        needsInitialLayout || isDirty || offset(atVsync: k) != laidOutOffset
    }

    /// The display link fired at vsync `k`.
    @inline(__always)
    func vsyncFired(_ k: Int) {
        guard scheduledVsync == k else { return }  // superseded by an earlier request
        scheduledVsync = nil
        guard !isFrameInFlight else { return }
        if needsFrame(k) {
            isFrameInFlight = true
            enqueueMain(.frame(k))
        } else if offset(atVsync: k + 1) != laidOutOffset {
            requestFrame(vsync: k + 1)  // movement starts right after this vsync
        }
    }

    // MARK: Main thread

    /// Queues `item` on the main thread; starts it at once if the thread is idle.
    func enqueueMain(_ item: consuming MainItem) {
        guard isMainBusy else {
            // An idle main thread has nothing queued (it went idle on an empty queue), so the item
            // would be queued and taken straight back: it runs without passing through the queue.
            assert(mainQueueHead == mainQueue.count, "an idle main thread with queued work")
            runMainItem(item)
            return
        }
        mainQueue.append(item)
    }

    /// Queues a strategy's main-queue block.
    func enqueueMainBlock(_ block: @escaping () -> Void) {
        context.perform({ enqueueMain(.block(block)) }, orQueue: { .mainBlock(block) })
    }

    /// Runs the next queued item, or idle-time work, or goes idle. Inlined into `mainItemDone`,
    /// its one caller.
    @inline(__always)
    func startNextMainItem() {
        let item: MainItem
        if mainQueueHead + 1 == mainQueue.count {
            // The last queued item (most often the only one): moved out, the queue left empty.
            item = mainQueue.removeLast()
            if mainQueueHead > 0 {
                mainQueue.removeAll(keepingCapacity: true)
                mainQueueHead = 0
            }
        } else if mainQueueHead < mainQueue.count {
            // Moved out (a copy would retain a block's closure, and the queue's later emptying
            // release it): the slot keeps a case without a payload until then.
            var taken = MainItem.idlePreparation
            swap(&taken, &mainQueue[mainQueueHead])
            item = taken
            mainQueueHead += 1
        } else if hasIdlePreparation() {
            item = .idlePreparation
        } else {
            isMainBusy = false
            return
        }
        runMainItem(item)
    }

    /// Runs `item` on the main thread (busy until its `mainItemDone`). Inlined into its two
    /// callers, `enqueueMain` (an idle thread) and `startNextMainItem` (the queue's next item):
    /// each main item runs through one of them.
    @inline(__always)
    private func runMainItem(_ item: consuming MainItem) {
        isMainBusy = true
        context.isOnMainThread = true
        context.mainCursor = scheduler.now
        runningItemIsFrame = nil
        let work: MainThreadWork
        switch consume item {
        case .frame(let k):
            runningItemIsFrame = k
            work = .frame
            runFrame(k)
        case .block(let block):
            work = .block
            block()
        case .imageSet(let slot):
            work = .block
            runImageSet(slot)
        case .target(let slot):
            work = .block
            runMainTarget(slot)
        case .idlePreparation:
            work = .idlePreparation
            runIdlePreparation()
        case .memoryWarning:
            work = .memoryWarning
            recorder.metrics.memoryWarnings += 1
            withStrategy { $0.didReceiveMemoryWarning() }
        case .memoryPressure(let level):
            work = .memoryPressure
            withStrategy { $0.didReceiveMemoryPressure(level) }
        }
        observer?.mainThreadWork(work, start: scheduler.now, end: context.mainCursor)
        context.isOnMainThread = false
        scheduler.schedule(.mainItemDone, at: context.mainCursor)
    }

    /// The running main item ended.
    @inline(__always)
    func mainItemDone() {
        if let k = runningItemIsFrame {
            runningItemIsFrame = nil
            isFrameInFlight = false
            let next = max(k + 1, vsyncIndex(atOrAfter: scheduler.now))
            if needsFrame(next) {
                requestFrame(vsync: next)
            } else if offset(atVsync: next + 1) != laidOutOffset {
                requestFrame(vsync: next + 1)
            }
        }
        startNextMainItem()
    }

    // MARK: Frames

    /// Frame work for vsync `k`: layout pass, callbacks, lazy decode, commit, accounting.
    func runFrame(_ k: Int) {
        let vsync = vsyncTime(k)
        let start = context.mainCursor
        isFrameRunning = true
        isDirty = false
        context.mainCursor += frameBaseCost
        let sample = sample(atVsync: k)
        let offset = sample.offset
        let moved = !needsInitialLayout && offset != laidOutOffset
        if moved {
            direction = offset > laidOutOffset ? 1 : -1
        }
        needsInitialLayout = false
        layoutPass(offset: offset, moved: moved)
        laidOutOffset = offset
        let update = ScrollUpdate(time: vsync, offset: offset, velocity: sample.velocity, direction: direction,
                                  visibleItems: visible, viewportHeight: layout.viewportHeight)
        withStrategy { $0.scrollDidUpdate(update) }
        decodeVisibleImages()
        isFrameRunning = false
        guard killedAt == nil else { return }  // the app died before this frame's commit
        let commit = context.mainCursor

        // Double buffering: render server at the first vsync ≥ commit, display one vsync later.
        let firstAfterCommit = max(vsyncIndex(atOrAfter: commit), k + 1)
        var presentIndex = firstAfterCommit + 1
        if renderCost > 0 {
            let renderStart = max(vsyncTime(firstAfterCommit), renderFreeAt)
            renderFreeAt = renderStart + renderCost
            presentIndex = max(presentIndex, vsyncIndex(atOrAfter: renderFreeAt))
        }
        let present = vsyncTime(presentIndex)
        let missed = presentIndex - k - 2
        let hitch = missed > 0 ? vsyncTime(presentIndex - 1) - vsyncTime(k + 1) : 0
        lastFrameVsync = k
        idleDeadline = vsyncTime(firstAfterCommit)

        // Frames' vsyncs ascend, so a cursor over the scroll intervals replaces the search of
        // `timeline.isInScrollInterval(vsync)` (the same test as in `sampleShownBlank`).
        let intervals = timeline.intervals
        while frameIntervalCursor < intervals.count && intervals[frameIntervalCursor].end < vsync {
            frameIntervalCursor += 1
        }
        let inScroll = frameIntervalCursor < intervals.count && intervals[frameIntervalCursor].start < vsync
        assert(inScroll == timeline.isInScrollInterval(vsync))
        let blank: Double
        if changedCells.isEmpty && newlyDisplayed.isEmpty && blankItems.isEmpty {
            // Nothing changed and nothing is blank (most frames of most strategies): what
            // `accountVisibleCells` gives then, without its call and its loops' set-up.
            // (A wrong image is never ready, so its cell is blank: with no blank item the count is 0.)
            assert(wrongVisibleCount == 0, "a wrong image on screen without a blank item")
            recorder.metrics.wrongImageFrames += wrongVisibleCount
            blank = blankRatio(ofArea: 0)
        } else {
            blank = accountVisibleCells(offset: offset, present: present)
        }
        sampleShownBlank(untilVsync: presentIndex)
        shownBlank = blank
        if inScroll {
            recorder.recordScrollFrame(work: commit - start, hitch: hitch, missed: missed, blank: blank)
        }
        observer?.frameCommitted(FrameRecord(frame: frameNumber, vsync: vsync, start: start, commit: commit,
                                             present: present, offset: offset, inScroll: inScroll,
                                             work: commit - start, hitch: hitch, missedVsyncs: missed,
                                             visibleCells: visible.count, blankRatio: blank))
        if invariantViolations != nil { checkInvariants(afterFrame: frameNumber) }
        frameNumber += 1
    }

    /// Samples the frame on screen at every in-scroll vsync before `end` (it stays on screen until
    /// the next frame's present), for `blank_ratio_vsync_mean`. Inlined (every frame asks it).
    @inline(__always)
    func sampleShownBlank(untilVsync end: Int) {
        // Vsync v is in scroll when some interval holds its time t, start < t ≤ end
        // (`timeline.isInScrollInterval`): the vsyncs of one interval are a range, found once (two
        // `vsyncIndex` calls), and the intervals' ranges ascend without overlapping (the intervals
        // do), so vsyncs ascending are sorted against the current interval's range by two
        // comparisons. A frame most often asks one or two vsyncs.
        var v = shownSinceVsync
        let current = sampledScrollVsyncs
        if v >= current.lowerBound && end <= current.upperBound {
            // Every vsync asked lies in the current interval's range (most frames in a scroll):
            // the loop below without its tests.
            guard v < end else { return }
            assert(timeline.isInScrollInterval(vsyncTime(v)) && timeline.isInScrollInterval(vsyncTime(end - 1)))
            recordShownBlank(vsyncs: end - v)
            shownSinceVsync = end
            return
        }
        while v < end {
            if v >= sampledScrollVsyncs.upperBound { nextSampledScrollVsyncs(after: v) }
            let run = sampledScrollVsyncs
            if v < run.lowerBound {
                v = min(end, run.lowerBound)  // out of scroll up to the interval's first vsync
                continue
            }
            let stop = min(end, run.upperBound)
            assert(timeline.isInScrollInterval(vsyncTime(v)) && timeline.isInScrollInterval(vsyncTime(stop - 1)))
            recordShownBlank(vsyncs: stop - v)
            v = stop
        }
        shownSinceVsync = max(shownSinceVsync, end)
    }

    /// Samples the frame on screen at `count` (≥ 1) in-scroll vsyncs: one addition of its blank
    /// ratio per vsync, in order (the sum's bits depend on it; not the ratio × count).
    @inline(__always)
    func recordShownBlank(vsyncs count: Int) {
        recorder.vsyncSamples += count
        let blank = shownBlank
        var left = count
        repeat {
            recorder.vsyncBlankSum += blank
            left -= 1
        } while left > 0
    }

    /// Moves `sampledScrollVsyncs` to the first scroll interval whose vsyncs do not all come before
    /// vsync `v` (`Int.max..<Int.max` when there is none).
    @inline(never)
    private func nextSampledScrollVsyncs(after v: Int) {
        let intervals = timeline.intervals
        while sampledIntervalCursor < intervals.count {
            let interval = intervals[sampledIntervalCursor]
            sampledIntervalCursor += 1
            // t > start and t ≤ end: from the first vsync at or after start + 1 ns to the first
            // at or after end + 1 ns (exclusive).
            let first = vsyncIndex(atOrAfter: interval.start == .max ? .max : interval.start + 1)
            let stop = vsyncIndex(atOrAfter: interval.end == .max ? .max : interval.end + 1)
            if stop > v {
                sampledScrollVsyncs = first..<max(first, stop)
                return
            }
        }
        sampledScrollVsyncs = Int.max..<Int.max
    }

    /// The last vsync in a scroll interval (−1 without scrolling).
    func lastScrollVsync() -> Int {
        guard let end = timeline.intervals.last?.end else { return -1 }
        var k = vsyncIndex(atOrAfter: end)
        while k >= 0 && vsyncTime(k) > end { k -= 1 }
        return k
    }

    /// Notes that `cell`'s display, image or item changed, for the next frame's accounting.
    @inline(__always)
    func markChanged(_ cell: CellID) {
        // Through the storage (no bounds check: every cell marked is a cell).
        assert(cell >= 0 && cell < self.cells.count, "cell \(cell) marked, not a cell")
        let cells = cellRecords
        guard !cells[cell].isChanged else { return }
        cells[cell].isChanged = true
        changedCells.append(cell)
    }

    /// UIKit decodes at commit every image that becomes visible undecoded (docs/model.md, "Display,
    /// main thread and frames").
    ///
    /// Only a cell changed since the last frame can show an undecoded image (a frame decodes every
    /// visible image, and a decoded image stays decoded), so only those are visited, in item order.
    /// The test for none (most frames) is inlined into `runFrame`.
    @inline(__always)
    private func decodeVisibleImages() {
        guard !changedCells.isEmpty else { return }
        decodeChangedImages()
    }

    /// `decodeVisibleImages` for a frame with changed cells.
    ///
    /// The decodes go in item order; nothing else depends on the list's order (the accounting
    /// after them updates a set and sums), so the list is sorted only when two or more of its
    /// cells show an undecoded image (most frames with changes have none to decode).
    @inline(never)
    private func decodeChangedImages() {
        // The cells through their storage (no bounds checks: every changed cell is a cell; nothing
        // here adds cells).
        let cells = cellRecords
        var undecoded = 0
        for cell in changedCells.elements where cells[cell].isDisplayed {
            if let image = cells[cell].image, !image.isDecoded {
                undecoded += 1
                if undecoded == 2 { break }
            }
        }
        guard undecoded > 0 else { return }
        if undecoded > 1 { sortChangedCellsByItem() }
        let perMegapixel = decodeMsPerMegapixel
        // Nothing in this loop changes the list.
        for cell in changedCells.elements where cells[cell].isDisplayed {
            guard let image = cells[cell].image, !image.isDecoded else { continue }
            let cost = SimDuration.milliseconds(perMegapixel * image.megapixels)
            context.mainCursor += cost
            recorder.metrics.mainDecodeNanos += cost
            memory.markDecoded(image)
        }
    }

    /// Sorts `changedCells` by item, stably (as `sort(by:)` does): a frame changes a few cells,
    /// so an insertion sort does it without a comparison closure (the list is mostly in item order:
    /// up to 64 cells); more go to the library sort.
    private func sortChangedCellsByItem() {
        let count = changedCells.count
        guard count > 1 else { return }
        // Through the storage: no bounds checks (every changed cell is a cell).
        let cells = cellRecords
        var changed = changedCells.mutableElements
        guard count <= 64 else {
            changed.sort { cells[$0].item < cells[$1].item }
            return
        }
        for index in 1..<count {
            let cell = changed[index]
            let item = cells[cell].item
            var hole = index
            // Only strictly greater items move past it: equal ones keep their order (stable).
            while hole > 0 && cells[changed[hole - 1]].item > item {
                changed[hole] = changed[hole - 1]
                hole -= 1
            }
            changed[hole] = cell
        }
    }

    /// Blank share of the viewport, wrong images, ready displays and time to image; returns the blank ratio.
    ///
    /// The blank items and the wrong-image count are kept up to date from the cells changed since
    /// the last frame; the blank area is then summed over the blank items in item order, the
    /// order of a scan of the visible range, so the sum is the same to the last bit.
    private func accountVisibleCells(offset: Double, present: SimTime) -> Double {
        // The cells through their storage (no bounds checks: every changed or newly displayed cell
        // is a cell). Nothing below changes the two lists or the number of cells.
        if !changedCells.isEmpty {
            let changed = changedCells.elements, cells = cellRecords
            // Take out what the changed cells counted, then count what they show now.
            for cell in changed {
                let item = cells[cell].blankItem
                if item >= 0 { blankItems.remove(item) }
                if cells[cell].isCountedWrong { wrongVisibleCount -= 1 }
            }
            for cell in changed {
                cells[cell].isChanged = false
                // Fields read one by one: copying the record would retain its image.
                let isDisplayed = cells[cell].isDisplayed
                let shown = cells[cell].shownImageID, expected = cells[cell].expectedImageID
                let isReady = cells[cell].isFinal && shown == expected
                let isWrong = isDisplayed && shown >= 0 && shown != expected
                cells[cell].isCountedWrong = isWrong
                if isWrong { wrongVisibleCount += 1 }
                let blankItem = isDisplayed && !isReady ? cells[cell].item : -1
                cells[cell].blankItem = blankItem
                if blankItem >= 0 { blankItems.insert(blankItem) }
                let pending = cells[cell].pendingDisplayPresent
                if isDisplayed && isReady && pending >= 0 {
                    recorder.timeToImage.append(present - pending)
                    cells[cell].pendingDisplayPresent = -1
                }
            }
            changedCells.removeAll()
        }
        recorder.metrics.wrongImageFrames += wrongVisibleCount

        let top = offset, bottom = offset + layout.viewportHeight
        var blankArea = 0.0
        // Every item of a row has the same top, height and width, so one row's items add the same
        // term: computed once per row, still added once per item (the same sum, bit for bit).
        // Items ascend, so a row's items are consecutive: its term is added for each of them by
        // an inner loop that runs until an item reaches the next row's first item (no division
        // per item); the term is the one `layout.frame(ofItem:)` gives, from the same row top,
        // height and width.
        let columns = layout.columns, width = layout.itemWidth
        // Fixed heights: the row's span by `uniformRows`' arithmetic (the same bits as
        // `rowSpan(_:)`), without its per-row branches and checks.
        let uniform = layout.uniformRows
        blankItems.withElements { items in
            var index = 0
            // The row of the item before, and the first item past the row after it: blank rows
            // are most often consecutive, so a row is most often found without a division.
            // (No item is below 0: the first takes the division.)
            var row = 0, afterNextRowStart = 0
            while index < items.count {
                // Items are below `itemCount`, so these row starts cannot overflow.
                if items[index] < afterNextRowStart {
                    row &+= 1
                } else {
                    row = items[index] / columns
                }
                afterNextRowStart = (row &+ 2) &* columns
                let span: (top: Double, bottom: Double)
                if let uniform {
                    let rowTop = uniform.insetTop + Double(row) * uniform.pitch
                    span = (rowTop, rowTop + uniform.height)
                } else {
                    span = layout.rowSpan(row)
                }
                let term = max(0, min(bottom, span.bottom) - max(top, span.top)) * width
                // Items are below `itemCount`, so the next row's first item cannot overflow.
                let nextRowStart = (row &+ 1) &* columns
                // A whole row blank (its items are distinct, so `columns` of them below the next
                // row's start are all of it; most often, as rows enter blank): added `columns`
                // times without a look at them.
                if columns <= items.count &- index && items[index &+ columns &- 1] < nextRowStart {
                    var left = columns
                    repeat {
                        blankArea += term
                        left &-= 1
                    } while left > 0
                    index &+= columns
                    continue
                }
                repeat {
                    blankArea += term
                    index &+= 1
                } while index < items.count && items[index] < nextRowStart
            }
        }
        if !newlyDisplayed.isEmpty {
            let displayed = newlyDisplayed.elements, cells = cellRecords
            for cell in displayed where cells[cell].isDisplayed {
                let isReady = cells[cell].isFinal && cells[cell].shownImageID == cells[cell].expectedImageID
                if isReady {
                    recorder.metrics.readyDisplays += 1
                } else {
                    cells[cell].pendingDisplayPresent = present
                }
            }
            newlyDisplayed.removeAll()
        }
        return blankRatio(ofArea: blankArea)
    }

    /// The viewport's blank share for a blank area of `area` points², at most 1: what a frame
    /// records, with or without `accountVisibleCells`.
    @inline(__always)
    func blankRatio(ofArea area: Double) -> Double {
        min(1, area / (layout.viewportWidth * layout.viewportHeight))
    }
}
