/// The cell lifecycle profiles, the reuse pool and data prefetching (docs/model.md, "Cell lifecycle").
extension Simulator {
    // MARK: Attached cells (sorted by item)

    /// Index of the first attached entry with item ≥ `item`.
    func attachedIndex(_ item: Int) -> Int {
        var low = 0, high = attached.count
        while low < high {
            let mid = (low + high) / 2
            if attached[mid].item < item { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The cell prepared for `item`, if any.
    func attachedCell(for item: Int) -> CellID? {
        let index = attachedIndex(item)
        return index < attached.count && attached[index].item == item ? attached[index].cell : nil
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
            strategy.prepareForReuse(cell)
            context.mainCursor += prepareForReuseCost
            trace(.prepareForReuse, cell: cell, item: item, start: dequeueStart)
        } else {
            cell = cells.count
            cells.append(CellRecord())
            recorder.metrics.cellsCreated += 1
            context.mainCursor += cellCreateCost
            trace(.create, cell: cell, item: item, start: dequeueStart)
        }
        cells[cell].item = item
        cells[cell].expectedImageID = images.imageID(forItem: item)
        attached.insert(AttachedCell(item: item, cell: cell), at: attachedIndex(item))
        let start = context.mainCursor
        strategy.cellForItem(cell, item: item)
        context.mainCursor += cellForItemCost
        trace(.cellForItem, cell: cell, item: item, start: start)
        return cell
    }

    private func display(_ cell: CellID, item: Int) {
        cells[cell].isDisplayed = true
        newlyDisplayed.append(cell)
        recorder.recordDisplay(item)
        if let index = outstandingIndex(of: item) { outstandingPrefetches.remove(at: index) }
        let start = context.mainCursor
        strategy.willDisplay(cell, item: item)
        context.mainCursor += willDisplayCost
        trace(.willDisplay, cell: cell, item: item, start: start)
    }

    private func endDisplay(_ cell: CellID, item: Int) {
        cells[cell].isDisplayed = false
        cells[cell].pendingDisplayPresent = -1
        let start = context.mainCursor
        strategy.didEndDisplaying(cell, item: item)
        context.mainCursor += didEndDisplayingCost
        trace(.didEndDisplaying, cell: cell, item: item, start: start)
    }

    /// Detaches `attached[index]` and pushes its cell on the reuse pool.
    private func enqueueForReuse(at index: Int) {
        let entry = attached.remove(at: index)
        cells[entry.cell].item = -1
        cells[entry.cell].expectedImageID = -1
        pool.append(entry.cell)
        trace(.enqueue, cell: entry.cell, item: entry.item, start: context.mainCursor)
    }

    // MARK: Layout pass

    /// One layout pass at `offset` (docs/model.md, "Cell lifecycle"): end displays, pool, prepare and display entering
    /// items, lead-band preparation, data prefetch.
    func layoutPass(offset: Double, moved: Bool) {
        let height = layout.viewportHeight
        let newVisible = layout.items(intersecting: offset, offset + height)
        let profile = scenario.cells.profile

        // 1. Items leaving the viewport end their display (ios9: and go to the pool at once).
        //    Displayed items are exactly the previous visible range.
        let previous = visible
        for item in previous where !newVisible.contains(item) {
            let index = attachedIndex(item)
            let cell = attached[index].cell
            endDisplay(cell, item: item)
            if profile == .ios9 { enqueueForReuse(at: index) }
        }

        // 2. ios10/ios15: cells outside the retain band go to the pool.
        if profile != .ios9 {
            let retain = scenario.cells.retainScreens * height
            let lead = scenario.cells.cellLeadScreens * height
            // The band covers the lead band too, or cells prepared early would be pooled at once.
            let above = retain + (direction < 0 ? max(0, lead - retain) : 0)
            let below = retain + (direction > 0 ? max(0, lead - retain) : 0)
            let band = layout.items(intersecting: offset - above, offset + height + below)
            while let first = attached.first, first.item < band.lowerBound || band.isEmpty {
                enqueueForReuse(at: 0)
            }
            while let last = attached.last, last.item >= band.upperBound {
                enqueueForReuse(at: attached.count - 1)
            }
        }

        // 3. Items entering the viewport.
        if profile == .ios9 {
            var item = newVisible.lowerBound
            while item < newVisible.upperBound {
                let row = layout.row(ofItem: item)
                var rowEnd = item
                while rowEnd < newVisible.upperBound && layout.row(ofItem: rowEnd) == row { rowEnd += 1 }
                var entering: [(CellID, Int)] = []
                for rowItem in item..<rowEnd where attachedCell(for: rowItem) == nil {
                    entering.append((prepareCell(for: rowItem), rowItem))
                }
                for (cell, rowItem) in entering { display(cell, item: rowItem) }
                item = rowEnd
            }
        } else {
            for item in newVisible where !previous.contains(item) {
                let cell = attachedCell(for: item) ?? prepareCell(for: item)
                display(cell, item: item)
            }
        }
        visible = newVisible

        // 4. Lead band: ios10 prepares one cell in this pass; ios15 in idle time after the commit.
        leadCandidates.removeAll(keepingCapacity: true)
        leadCandidateHead = 0
        if profile != .ios9 && moved && direction != 0 {
            let lead = scenario.cells.cellLeadScreens * height
            let band = direction > 0
                ? layout.items(intersecting: offset + height, offset + height + lead)
                : layout.items(intersecting: offset - lead, offset)
            for step in 0..<band.count {
                let item = direction > 0 ? band.lowerBound + step : band.upperBound - 1 - step
                if !newVisible.contains(item) && attachedCell(for: item) == nil { leadCandidates.append(item) }
            }
            if profile == .ios10, let first = leadCandidates.first {
                prepareCell(for: first)
                leadCandidates.removeAll(keepingCapacity: true)
            }
        }

        // 5. Data prefetch.
        if profile != .ios9 && scenario.cells.dataPrefetch && moved && direction != 0 {
            updatePrefetchWindow(offset: offset)
        }
    }

    /// Prefetch window bookkeeping: cancel on reversal or when items leave the window unseen,
    /// then one `prefetch` call with the new items, nearest first.
    private func updatePrefetchWindow(offset: Double) {
        let height = layout.viewportHeight
        let depth = scenario.cells.prefetchScreens * height
        let window = direction > 0
            ? layout.items(intersecting: offset + height, offset + height + depth)
            : layout.items(intersecting: offset - depth, offset)
        if window == lastPrefetchWindow && direction == prefetchDirection && visible == lastPrefetchVisible { return }
        lastPrefetchWindow = window
        lastPrefetchVisible = visible
        var cancelled: [Int] = []
        if prefetchDirection != 0 && prefetchDirection != direction {
            cancelled = outstandingPrefetches
            outstandingPrefetches.removeAll()
        } else {
            outstandingPrefetches.removeAll { item in
                if window.contains(item) || visible.contains(item) { return false }
                cancelled.append(item)
                return true
            }
        }
        prefetchDirection = direction
        if !cancelled.isEmpty {
            recorder.metrics.prefetchCancels += cancelled.count
            let start = context.mainCursor
            strategy.cancelPrefetching(items: cancelled)
            trace(.cancelPrefetching, cell: -1, items: cancelled, start: start)
        }
        var fresh: [Int] = []
        for step in 0..<window.count {
            let item = direction > 0 ? window.lowerBound + step : window.upperBound - 1 - step
            if !visible.contains(item) && outstandingIndex(of: item) == nil { fresh.append(item) }
        }
        guard !fresh.isEmpty else { return }
        for item in fresh { recorder.recordPrefetch(item) }
        outstandingPrefetches.append(contentsOf: fresh)
        outstandingPrefetches.sort()
        let start = context.mainCursor
        strategy.prefetch(items: fresh)
        trace(.prefetch, cell: -1, items: fresh, start: start)
    }

    /// Index of `item` in the sorted `outstandingPrefetches`, by binary search.
    private func outstandingIndex(of item: Int) -> Int? {
        var low = 0, high = outstandingPrefetches.count
        while low < high {
            let mid = (low + high) / 2
            if outstandingPrefetches[mid] < item { low = mid + 1 } else { high = mid }
        }
        return low < outstandingPrefetches.count && outstandingPrefetches[low] == item ? low : nil
    }

    // MARK: ios15 idle-time preparation

    /// Whether the main thread, going idle, should prepare a lead-band cell (ios15).
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
