/// The cell lifecycle profiles, the reuse pool and data prefetching (docs/model.md, "Cell lifecycle").
extension Simulator {
    // MARK: Attached cells

    /// The cell prepared for `item`, if any.
    /// - Complexity: O(1).
    @inline(__always)
    func attachedCell(for item: Int) -> CellID? {
        let cell = prepared.cell(for: item)
        return cell >= 0 ? cell : nil
    }

    /// The items of `range` that are not in `other`, as at most two ranges in ascending order
    /// (both are contiguous, so what is left is a part below `other` and a part above it).
    @inline(__always)
    static func items(of range: Range<Int>, notIn other: Range<Int>) -> (below: Range<Int>, above: Range<Int>) {
        guard !other.isEmpty else { return (range, range.upperBound..<range.upperBound) }
        let belowEnd = max(range.lowerBound, min(range.upperBound, other.lowerBound))
        let aboveStart = min(range.upperBound, max(range.lowerBound, other.upperBound))
        return (range.lowerBound..<belowEnd, max(belowEnd, aboveStart)..<range.upperBound)
    }

    /// Appends to `items` the items of `range` that are not in `visible` and have no cell,
    /// ascending or descending: `range.filter { !visible.contains($0) && !hasCell($0) }`, in that
    /// order or reversed. `cellWindow`, when not nil, is a range holding exactly the items with a
    /// cell (`PreparedCells.gaplessWindow`).
    ///
    /// The lead band lies beyond the visible range in the direction of travel and the cells
    /// prepared for it have no gap (it is prepared nearest first), so the answer is most often
    /// the band's far end past both the visible range and the prepared window: found by
    /// arithmetic, with no item looked up. Other cases take the item-by-item path.
    @inline(__always)
    static func appendItems(of range: Range<Int>, notIn visible: Range<Int>, cellWindow: Range<Int>?,
                            hasCell: (Int) -> Bool, descending: Bool, to items: inout [Int]) {
        if let window = cellWindow {
            if !descending && (visible.isEmpty || visible.lowerBound <= range.lowerBound)
                && (window.isEmpty || window.lowerBound <= range.lowerBound) {
                // Nothing of `range` lies below the visible range or the window.
                var item = range.lowerBound
                if !visible.isEmpty { item = max(item, visible.upperBound) }
                if !window.isEmpty { item = max(item, window.upperBound) }
                while item < range.upperBound {
                    items.append(item)
                    item += 1
                }
                return
            }
            if descending && (visible.isEmpty || visible.upperBound >= range.upperBound)
                && (window.isEmpty || window.upperBound >= range.upperBound) {
                // Nothing of `range` lies above the visible range or the window.
                var item = range.upperBound
                if !visible.isEmpty { item = min(item, visible.lowerBound) }
                if !window.isEmpty { item = min(item, window.lowerBound) }
                while item > range.lowerBound {
                    item -= 1
                    items.append(item)
                }
                return
            }
        }
        if descending {
            for item in range.reversed() where !visible.contains(item) && !hasCell(item) { items.append(item) }
        } else {
            for item in range where !visible.contains(item) && !hasCell(item) { items.append(item) }
        }
    }

    /// Appends to `items` the items of `window` that are neither in `visible` nor in
    /// `outstanding`, ascending or descending: `window.filter { !visible.contains($0) &&
    /// !outstanding.contains($0) }`, in that order or reversed.
    ///
    /// The window minus the visible range is most often one range (the window lies beyond the
    /// viewport), and the outstanding items most often consecutive (they were prefetched as the
    /// window advanced and leave it from the viewport's side): then the answer is at most two
    /// ranges, by arithmetic. Otherwise one walk of the window alongside the outstanding items.
    static func appendItems(of window: Range<Int>, notIn visible: Range<Int>, orIn outstanding: SortedItems,
                            descending: Bool, to items: inout [Int]) {
        let notVisible = Self.items(of: window, notIn: visible)
        if notVisible.below.isEmpty || notVisible.above.isEmpty, let taken = outstanding.consecutiveRange {
            let range = notVisible.below.isEmpty ? notVisible.above : notVisible.below
            let parts = Self.items(of: range, notIn: taken)
            if descending {
                for item in parts.above.reversed() { items.append(item) }
                for item in parts.below.reversed() { items.append(item) }
            } else {
                for item in parts.below { items.append(item) }
                for item in parts.above { items.append(item) }
            }
            return
        }
        let elements = outstanding.elements
        if descending {
            var next = elements.endIndex
            for item in window.reversed() where !visible.contains(item) {
                while next > elements.startIndex && elements[next - 1] > item { next -= 1 }
                if next == elements.startIndex || elements[next - 1] != item { items.append(item) }
            }
        } else {
            var next = elements.startIndex
            for item in window where !visible.contains(item) {
                while next < elements.endIndex && elements[next] < item { next += 1 }
                if next == elements.endIndex || elements[next] != item { items.append(item) }
            }
        }
    }

    // MARK: Callbacks with their costs
    // A callback starts at the main thread's cursor (its trace time); its modelled cost is charged
    // after the strategy's own work in it.

    /// Dequeues a cell for `item` (reusing the most recently pooled one, or creating one), then
    /// calls `cellForItem`.
    @discardableResult
    func prepareCell(for item: Int) -> CellID {
        let cell: CellID
        let dequeueStart = context.mainCursor
        if let reused = pool.popLast() {
            cell = reused
            recorder.metrics.cellsReused += 1
            withStrategy { $0.prepareForReuse(cell) }
            context.mainCursor += prepareForReuseCost
            trace(.prepareForReuse, cell: cell, item: item, start: dequeueStart)
        } else {
            cell = cells.count
            cells.append(CellRecord())
            recorder.metrics.cellsCreated += 1
            context.mainCursor += cellCreateCost
            trace(.create, cell: cell, item: item, start: dequeueStart)
        }
        // Through the storage, after any append (no bounds checks: `cell` is a cell).
        let records = cellRecords
        records[cell].item = item
        records[cell].expectedImageID = images.imageID(forItem: item)
        prepared.insert(cell, for: item)
        let start = context.mainCursor
        withStrategy { $0.cellForItem(cell, item: item) }
        context.mainCursor += cellForItemCost
        trace(.cellForItem, cell: cell, item: item, start: start)
        return cell
    }

    private func display(_ cell: CellID, item: Int) {
        assert(cell >= 0 && cell < cells.count, "display of cell \(cell), not a cell")
        cellRecords[cell].isDisplayed = true  // (no bounds check: a prepared cell is a cell)
        newlyDisplayed.append(cell)
        markChanged(cell)
        recorder.recordDisplay(item)
        outstandingPrefetches.remove(item)
        let start = context.mainCursor
        withStrategy { $0.willDisplay(cell, item: item) }
        context.mainCursor += willDisplayCost
        trace(.willDisplay, cell: cell, item: item, start: start)
    }

    private func endDisplay(_ cell: CellID, item: Int) {
        // (No bounds checks: a displayed cell is a cell.)
        assert(cell >= 0 && cell < cells.count, "end of display of cell \(cell), not a cell")
        cellRecords[cell].isDisplayed = false
        cellRecords[cell].pendingDisplayPresent = -1
        markChanged(cell)
        let start = context.mainCursor
        withStrategy { $0.didEndDisplaying(cell, item: item) }
        context.mainCursor += didEndDisplayingCost
        trace(.didEndDisplaying, cell: cell, item: item, start: start)
    }

    /// Detaches `item`'s cell and pushes it on the reuse pool.
    private func enqueueForReuse(item: Int) {
        let cell = prepared.remove(item)
        // (No bounds checks: a prepared cell is a cell.)
        assert(cell >= 0 && cell < cells.count, "item \(item) pooled without a cell")
        cellRecords[cell].item = -1
        cellRecords[cell].expectedImageID = -1
        markChanged(cell)
        pool.append(cell)
        trace(.enqueue, cell: cell, item: item, start: context.mainCursor)
    }

    // MARK: Layout pass

    /// One layout pass at `offset` (docs/model.md, "Cell lifecycle"): end displays, pool, prepare and display entering
    /// items, lead-band preparation, data prefetch.
    func layoutPass(offset: Double, moved: Bool) {
        let height = layout.viewportHeight
        let newVisible = layout.items(intersecting: offset, offset + height, hint: &visibleRowHint)
        let profile = scenario.cells.profile

        // 1. Items leaving the viewport end their display (ios9: and go to the pool at once).
        //    Displayed items are exactly the previous visible range; only the rows leaving it are
        //    visited (below the new range, then above it: item order).
        //    (Most frames keep the visible range: then no item leaves or enters, and steps 1 and 3
        //    are skipped by one comparison.)
        let previous = visible
        let isVisibleKept = newVisible == previous
        if !isVisibleKept {
            let leaving = Self.items(of: previous, notIn: newVisible)
            func leave(_ item: Int) {
                endDisplay(prepared.cell(for: item), item: item)
                if profile == .ios9 { enqueueForReuse(item: item) }
            }
            for item in leaving.below { leave(item) }
            for item in leaving.above { leave(item) }
        }

        // 2. ios10/ios15: cells outside the retain band go to the pool.
        if profile != .ios9 {
            let retain = scenario.cells.retainScreens * height
            let lead = scenario.cells.cellLeadScreens * height
            // The band covers the lead band too, or cells prepared early would be pooled at once.
            let above = retain + (direction < 0 ? max(0, lead - retain) : 0)
            let below = retain + (direction > 0 ? max(0, lead - retain) : 0)
            let band = layout.items(intersecting: offset - above, offset + height + below, hint: &retainRowHint)
            // (The window's bounds are the first and the last attached item: no cell is read.)
            while !prepared.isEmpty && (prepared.lowerBound < band.lowerBound || band.isEmpty) {
                enqueueForReuse(item: prepared.lowerBound)
            }
            while !prepared.isEmpty && prepared.upperBound > band.upperBound {
                enqueueForReuse(item: prepared.upperBound - 1)
            }
        }

        // 3. Items entering the viewport: only the rows entering are visited (below the previous
        //    range, then above it: item order).
        if isVisibleKept {
            // Nothing enters.
        } else if profile == .ios9 {
            let entering = Self.items(of: newVisible, notIn: previous)
            // A whole row at once: every entering item of a row is prepared, then each displayed.
            // (Entering items ascend, so a row's entering items are consecutive in them.)
            var rowItems: [(CellID, Int)] = []
            var currentRow = -1
            func enter(_ item: Int) {
                guard prepared.cell(for: item) < 0 else { return }
                let row = layout.row(ofItem: item)
                if row != currentRow {
                    for (cell, rowItem) in rowItems { display(cell, item: rowItem) }
                    rowItems.removeAllKeepingCapacity()
                    currentRow = row
                }
                rowItems.append((prepareCell(for: item), item))
            }
            for item in entering.below { enter(item) }
            for item in entering.above { enter(item) }
            for (cell, rowItem) in rowItems { display(cell, item: rowItem) }
        } else {
            let entering = Self.items(of: newVisible, notIn: previous)
            func enter(_ item: Int) {
                display(attachedCell(for: item) ?? prepareCell(for: item), item: item)
            }
            for item in entering.below { enter(item) }
            for item in entering.above { enter(item) }
        }
        visible = newVisible

        // 4. Lead band: ios10 prepares one cell in this pass; ios15 in idle time after the commit.
        if !leadCandidates.isEmpty { leadCandidates.removeAllKeepingCapacity() }
        leadCandidateHead = 0
        if profile != .ios9 && moved && direction != 0 {
            let lead = scenario.cells.cellLeadScreens * height
            let band = direction > 0
                ? layout.items(intersecting: offset + height, offset + height + lead, hint: &leadRowHint)
                : layout.items(intersecting: offset - lead, offset, hint: &leadRowHint)
            // Nearest first: ascending when moving down, descending when moving up.
            Self.appendItems(of: band, notIn: newVisible, cellWindow: prepared.gaplessWindow,
                             hasCell: { prepared.cell(for: $0) >= 0 }, descending: direction < 0, to: &leadCandidates)
            if profile == .ios10, let first = leadCandidates.first {
                prepareCell(for: first)
                leadCandidates.removeAllKeepingCapacity()
            }
        }

        // 5. Data prefetch.
        if profile != .ios9 && scenario.cells.dataPrefetch && moved && direction != 0 {
            updatePrefetchWindow(offset: offset)
        }
    }

    /// Prefetch window bookkeeping: cancel on reversal or when items leave the window unseen,
    /// then one `prefetch` call with the new items, nearest first.
    ///
    /// Outstanding items are never visible (an item leaves them when it is displayed) and the
    /// window is a range, so the items to cancel are the outstanding ones below and above it, and
    /// the new ones are found by one walk of the window alongside the outstanding items.
    ///
    /// Inlined into the layout pass: most frames leave the window, the direction and the visible
    /// range as they were, and end at that test; the rest is `movePrefetchWindow(to:)`.
    @inline(__always)
    private func updatePrefetchWindow(offset: Double) {
        let height = layout.viewportHeight
        let depth = scenario.cells.prefetchScreens * height
        let window = direction > 0
            ? layout.items(intersecting: offset + height, offset + height + depth, hint: &prefetchRowHint)
            : layout.items(intersecting: offset - depth, offset, hint: &prefetchRowHint)
        if window == lastPrefetchWindow && direction == prefetchDirection && visible == lastPrefetchVisible { return }
        movePrefetchWindow(to: window)
    }

    /// `updatePrefetchWindow(offset:)` for a window, direction or visible range that changed.
    @inline(never)
    private func movePrefetchWindow(to window: Range<Int>) {
        lastPrefetchWindow = window
        lastPrefetchVisible = visible
        assert(!outstandingPrefetches.elements.contains { visible.contains($0) }, "a visible item is outstanding")
        // The two item lists reuse their storage from call to call (taken out while in use; a
        // strategy that keeps a list it was passed keeps its own copy).
        // Swapped out and back (no retain and release of their storage).
        var cancelled: [Int] = [], fresh: [Int] = []
        swap(&cancelled, &prefetchCancelledScratch)
        swap(&fresh, &prefetchFreshScratch)
        defer {
            if !cancelled.isEmpty { cancelled.removeAllKeepingCapacity() }
            if !fresh.isEmpty { fresh.removeAllKeepingCapacity() }
            swap(&cancelled, &prefetchCancelledScratch)
            swap(&fresh, &prefetchFreshScratch)
        }
        if prefetchDirection != 0 && prefetchDirection != direction {
            cancelled.append(contentsOf: outstandingPrefetches.elements)
            outstandingPrefetches.removeAll()
        } else if !outstandingPrefetches.isWithin(window) {
            // (Most calls: every outstanding item still in the window, nothing to remove.)
            outstandingPrefetches.removeElements(below: window.lowerBound, into: &cancelled)
            outstandingPrefetches.removeElements(from: window.isEmpty ? window.lowerBound : window.upperBound,
                                                 into: &cancelled)
        }
        prefetchDirection = direction
        if !cancelled.isEmpty {
            recorder.metrics.prefetchCancels += cancelled.count
            let start = context.mainCursor
            withStrategy { $0.cancelPrefetching(items: cancelled) }
            trace(.cancelPrefetching, cell: -1, items: cancelled, start: start)
        }
        // New items: the window nearest first, without the visible and the outstanding ones.
        Self.appendItems(of: window, notIn: visible, orIn: outstandingPrefetches, descending: direction < 0,
                         to: &fresh)
        guard !fresh.isEmpty else { return }
        recorder.recordPrefetches(fresh)
        if direction > 0 {
            outstandingPrefetches.insert(ascending: fresh)
        } else {
            outstandingPrefetches.insert(ascending: fresh.reversed())
        }
        let start = context.mainCursor
        withStrategy { $0.prefetch(items: fresh) }
        trace(.prefetch, cell: -1, items: fresh, start: start)
    }

    // MARK: ios15 idle-time preparation

    /// Whether the main thread, going idle, should prepare a lead-band cell (ios15). Inlined into
    /// `startNextMainItem`, which asks it each time the main queue runs dry.
    @inline(__always)
    func hasIdlePreparation() -> Bool {
        guard scenario.cells.profile == .ios15, scheduler.now < idleDeadline else { return false }
        while leadCandidateHead < leadCandidates.count {
            if attachedCell(for: leadCandidates[leadCandidateHead]) == nil { return true }
            leadCandidateHead += 1
        }
        return false
    }

    /// Prepares the next lead-band cell in idle time.
    func runIdlePreparation() {
        let item = leadCandidates[leadCandidateHead]
        leadCandidateHead += 1
        prepareCell(for: item)
    }
}
