/// The lifecycle and frame-accounting state checked against a full scan (tests).
///
/// The layout pass visits only the rows entering and leaving, and the frame accounting only the
/// cells that changed; these checks recompute what a scan of every cell and every visible item
/// gives and compare. They run after every frame when `invariantViolations` is set
/// (`SimulationRun.runCheckingInvariants()`), never in a normal run.
extension Simulator {
    /// Records a violation of every invariant that fails now, after frame `frame`'s accounting.
    func checkInvariants(afterFrame frame: Int) {
        var problems: [String] = []
        func check(_ condition: Bool, _ problem: @autoclosure () -> String) {
            if !condition { problems.append(problem()) }
        }
        check(prepared.checkInvariants(), "prepared cells: window not tight or count wrong")
        check(outstandingPrefetches.checkInvariants(), "outstanding prefetches not ascending")
        check(blankItems.checkInvariants(), "blank items not ascending")

        // A cell is either pooled or attached to its item, never both; pooled cells are not displayed.
        var isPooled = Array(repeating: false, count: cells.count)
        for cell in pool {
            check(!isPooled[cell], "cell \(cell) pooled twice")
            isPooled[cell] = true
            check(cells[cell].item == -1 && !cells[cell].isDisplayed, "pooled cell \(cell) attached or displayed")
        }
        var attachedCount = 0
        for cell in 0..<cells.count where !isPooled[cell] {
            let item = cells[cell].item
            guard item >= 0 else { problems.append("cell \(cell) neither pooled nor attached"); continue }
            attachedCount += 1
            check(prepared.cell(for: item) == cell, "cell \(cell) not attached to its item \(item)")
        }
        check(attachedCount == prepared.count, "\(prepared.count) attached items, \(attachedCount) attached cells")

        // Displayed cells are exactly the visible items' cells; the accounting matches a scan.
        var blank: [Int] = []
        var wrong = 0
        for item in visible {
            let cell = prepared.cell(for: item)
            guard cell >= 0, cells[cell].isDisplayed else {
                problems.append("visible item \(item) not displayed")
                continue
            }
            let shown = cells[cell].shownImageID, expected = cells[cell].expectedImageID
            if !(cells[cell].isFinal && shown == expected) { blank.append(item) }
            if shown >= 0 && shown != expected { wrong += 1 }
        }
        let displayed = (0..<cells.count).filter { cells[$0].isDisplayed }.count
        check(displayed == visible.count, "\(displayed) displayed cells, \(visible.count) visible items")
        check(Array(blankItems.elements) == blank, "blank items \(Array(blankItems.elements)), scan \(blank)")
        check(wrongVisibleCount == wrong, "wrong-image count \(wrongVisibleCount), scan \(wrong)")
        // The frame's blank ratio is the definition's to the bit: each blank visible item's frame
        // clipped to the viewport at the laid-out offset, summed in item order (what the
        // accounting's per-row terms, whole-row loop and inline "nothing changed" path replace).
        let top = laidOutOffset, bottom = laidOutOffset + layout.viewportHeight
        var blankArea = 0.0
        for item in blank {
            let frame = layout.frame(ofItem: item)
            blankArea += max(0, min(bottom, frame.y + frame.height) - max(top, frame.y)) * frame.width
        }
        let ratio = min(1, blankArea / (layout.viewportWidth * layout.viewportHeight))
        check(ratio.bitPattern == shownBlank.bitPattern, "blank ratio \(shownBlank), scan \(ratio)")
        check(changedCells.isEmpty && !(0..<cells.count).contains { cells[$0].isChanged },
              "changed cells left after the accounting")
        let isVisibleOutstanding = outstandingPrefetches.elements.contains { visible.contains($0) }
        check(!isVisibleOutstanding, "a visible item is outstanding")

        for problem in problems { invariantViolations?.append("frame \(frame): \(problem)") }
    }
}
