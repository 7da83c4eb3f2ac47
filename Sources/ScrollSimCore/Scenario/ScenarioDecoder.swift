/// Turns a parsed scenario file into a validated `Scenario` (docs/model.md, "Scenario files").
///
/// Strict by design: keys are exactly those `ScenarioKeys` lists (the table the JSON Schema is
/// generated from), every value is type- and range-checked against its key there, and the first
/// problem is reported with its JSON path and what is allowed.
/// "First" is deterministic: members are checked in file order, each object's cross-member rules
/// (`layout.columns` of a list, `bytesP95 ≥ bytesMedian`, …) right after its members, and the
/// rules that span sections (`layout.itemCount` present, `scrollTo.item < itemCount`) after the
/// whole file. Defaults are the ones `Scenario` declares.
///
/// It does not check strategy names or parameters: the strategy catalog does, later.
struct ScenarioDecoder {
    /// The file as the user named it, for error messages.
    let file: String
    /// Reads the files the scenario refers to (`replay` recordings), resolved against `file`'s directory.
    var files: any ScenarioFileReading = NoScenarioFiles()

    /// Decodes `document`; `defaultName` is the name when the file gives none.
    func decode(_ document: JSONValue, defaultName: String) throws(ScenarioError) -> Scenario {
        guard case .object = document else {
            throw invalid("", "the top level must be a JSON object {…}, found \(document.kindName)")
        }
        var scenario = Scenario(layout: .init(itemCount: 0))
        scenario.name = defaultName
        var hasItemCount = false
        var scrollTargets: [ScrollTarget] = []
        var imagesGiven: [(key: String, path: String)] = []
        try members(of: document, at: "", section: ScenarioKeys.topLevel) { key, value, path throws(ScenarioError) in
            switch key.name {
            case "$schema": _ = try string(value, at: path)  // for editors
            case "name": scenario.name = try label(value, at: path)
            case "description": scenario.description = try string(value, at: path)
            case "seed": scenario.seed = try unsignedInteger(value, at: path)
            case "display": scenario.display = try display(value, at: path)
            case "layout": (scenario.layout, hasItemCount) = try layout(value, at: path)
            case "cells": scenario.cells = try cells(value, at: path)
            case "images": (scenario.images, imagesGiven) = try images(value, at: path)
            case "network": scenario.network = try network(value, at: path)
            case "disk": scenario.disk = try disk(value, at: path)
            case "device": scenario.device = try device(value, at: path)
            case "costs": scenario.costs = try costs(value, at: path)
            case "script": (scenario.script, scrollTargets) = try script(value, at: path)
            case "strategies": scenario.strategies = try strategies(value, at: path)
            default: break  // `members` admits only the section's keys
            }
        }
        guard hasItemCount else {
            let phrase = ScenarioKeys.layout["itemCount"].expectedPhrase + " (or give layout.catalog instead)"
            throw missing("layout.itemCount", expected: phrase)
        }
        if let catalog = scenario.layout.catalog, let replaced = imagesGiven.first {
            throw catalogConflict(at: replaced.path, key: replaced.key, catalog: catalog)
        }
        try scenario.validate(file: file)  // after the whole file, as `device` may follow `display`
        let itemCount = scenario.layout.itemCount
        for target in scrollTargets where target.item >= itemCount {
            throw invalid(
                target.path,
                "must be \(Self.integerPhrase(0...(itemCount - 1))) (below layout.itemCount), found \(target.item)")
        }
        return scenario
    }

    /// Allowed values shared by several checks.
    enum Limits {
        /// `layout.itemCount`.
        static let itemCount = 1...10_000_000
        /// Every `costs.*` value, in ms.
        static let cost = NumberRange.from(0, to: 10_000)
        /// `layout.itemHeight` and each bound of `layout.itemHeightRange`, points.
        /// Item heights: at least 1 pt (thinner cells make no collection view, and a screen of
        /// them would hold tens of thousands of cells), at most 10000 pt.
        static let itemHeight = NumberRange.from(1, to: 10_000)
    }

    // MARK: Sections

    /// `display`.
    private func display(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Display {
        var display = Scenario.Display()
        try members(of: value, at: path, section: ScenarioKeys.display) { key, value, path throws(ScenarioError) in
            switch key.name {
            case "refreshHz": display.refreshHz = try integer(value, at: path, key)
            case "renderMs": display.renderMs = try number(value, at: path, key)
            default: break  // `members` admits only the section's keys
            }
        }
        return display
    }

    /// `layout`, and whether it gave `itemCount`.
    private func layout(_ value: JSONValue,
                        at path: String) throws(ScenarioError) -> (Scenario.Layout, hasItemCount: Bool) {
        var layout = Scenario.Layout(itemCount: 0)
        var hasItemCount = false
        var columnsPath: String?
        var heightKey: String?
        var replacedPaths: [(key: String, path: String)] = []  // keys a catalog replaces, in file order
        try members(of: value, at: path, section: ScenarioKeys.layout) { key, value, path throws(ScenarioError) in
            if key.name == "itemHeight" || key.name == "itemHeightRange" {
                if let heightKey { throw invalid(path, "cannot be combined with \(heightKey); give one or the other") }
                heightKey = key.name
            }
            if ["itemCount", "itemHeight", "itemHeightRange"].contains(key.name) {
                replacedPaths.append((key.name, path))
            }
            switch key.name {
            case "kind": layout.kind = try choice(value, at: path, key)
            case "columns":
                layout.columns = try integer(value, at: path, key)
                columnsPath = path
            case "itemCount":
                layout.itemCount = try integer(value, at: path, key)
                hasItemCount = true
            case "catalog": layout.catalog = try catalog(value, at: path, key)
            case "itemHeight": layout.itemHeight = try number(value, at: path, key)
            case "itemHeightRange": layout.itemHeightRange = try heightRange(value, at: path, key)
            case "spacing": layout.spacing = try number(value, at: path, key)
            case "contentInset":
                try members(of: value, at: path, section: ScenarioKeys.contentInset) {
                    key, value, path throws(ScenarioError) in
                    let inset = try number(value, at: path, key)
                    if key.name == "top" { layout.contentInsetTop = inset } else { layout.contentInsetBottom = inset }
                }
            case "viewport":
                try members(of: value, at: path, section: ScenarioKeys.viewport) {
                    key, value, path throws(ScenarioError) in
                    switch key.name {
                    case "width": layout.viewportWidth = try number(value, at: path, key)
                    case "height": layout.viewportHeight = try number(value, at: path, key)
                    case "scale": layout.scale = try number(value, at: path, key)
                    default: break  // `members` admits only the section's keys
                    }
                }
            default: break  // `members` admits only the section's keys
            }
        }
        if let catalog = layout.catalog {
            if let replaced = replacedPaths.first {
                throw catalogConflict(at: replaced.path, key: replaced.key, catalog: catalog)
            }
            layout.itemCount = catalog.itemCount
            hasItemCount = true
        }
        switch (layout.kind, columnsPath) {
        case (.list, let columnsPath?) where layout.columns != 1:
            throw invalid(columnsPath,
                          "must be 1 for a list layout (set \"kind\": \"grid\" for more), found \(layout.columns)")
        case (.grid, nil):
            layout.columns = 3
        default:
            break
        }
        if layout.kind == .grid && Double(layout.columns - 1) * layout.spacing >= layout.viewportWidth {
            throw invalid(path + ".spacing",
                          "leaves no room for the cells: \(layout.columns - 1) gaps of \(layout.spacing) pt must be "
                              + "narrower than the \(layout.viewportWidth) pt viewport")
        }
        return (layout, hasItemCount)
    }

    /// `layout.itemHeightRange`: `[min, max]` with both in the key's range (1...10000) and min ≤ max.
    private func heightRange(_ value: JSONValue, at path: String, _ key: ScenarioKey) throws(ScenarioError)
        -> ClosedRange<Double> {
        guard case .pair(let range) = key.kind else { preconditionFailure("\(key.name) is not a pair key") }
        guard case .array(let bounds) = value else {
            throw typeMismatch(expected: "an array [min, max]", found: value, at: path)
        }
        guard bounds.count == 2 else {
            throw invalid(path, "must be an array [min, max] of two numbers, found \(bounds.count) elements")
        }
        let low = try number(bounds[0], at: Self.path(path, 0), range)
        let high = try number(bounds[1], at: Self.path(path, 1), range)
        guard low <= high else {
            throw invalid(path, "min must not exceed max, found [\(Self.formatted(low)), \(Self.formatted(high))]")
        }
        return low...high
    }

    /// `cells`.
    private func cells(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Cells {
        var cells = Scenario.Cells()
        try members(of: value, at: path, section: ScenarioKeys.cells) { key, value, path throws(ScenarioError) in
            switch key.name {
            case "profile": cells.profile = try choice(value, at: path, key)
            case "dataPrefetch": cells.dataPrefetch = try boolean(value, at: path, key)
            case "prefetchScreens": cells.prefetchScreens = try number(value, at: path, key)
            case "cellLeadScreens": cells.cellLeadScreens = try number(value, at: path, key)
            case "retainScreens": cells.retainScreens = try number(value, at: path, key)
            default: break  // `members` admits only the section's keys
            }
        }
        return cells
    }

    /// `images`.
    private func images(_ value: JSONValue, at path: String) throws(ScenarioError)
        -> (Scenario.Images, given: [(key: String, path: String)]) {
        var images = Scenario.Images()
        var p95Path: String?
        var hasMedian = false
        var given: [(key: String, path: String)] = []
        try members(of: value, at: path, section: ScenarioKeys.images) { key, value, path throws(ScenarioError) in
            given.append((key.name, path))
            switch key.name {
            case "width": images.width = try integer(value, at: path, key)
            case "height": images.height = try integer(value, at: path, key)
            case "bytesMedian":
                images.bytesMedian = try number(value, at: path, key)
                hasMedian = true
            case "bytesP95":
                images.bytesP95 = try number(value, at: path, key)
                p95Path = path
            case "distinct": images.distinct = try integer(value, at: path, key)
            case "zipfAlpha": images.zipfAlpha = try number(value, at: path, key)
            default: break  // `members` admits only the section's keys
            }
        }
        try checkPercentiles(
            median: (images.bytesMedian, "bytesMedian", hasMedian), p95: (images.bytesP95, "bytesP95", p95Path),
            in: path)
        return (images, given)
    }

    /// `network`.
    private func network(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Network {
        var network = Scenario.Network()
        var p95Path: String?
        var hasMedian = false
        try members(of: value, at: path, section: ScenarioKeys.network) { key, value, path throws(ScenarioError) in
            switch key.name {
            case "latencyMsMedian":
                network.latencyMsMedian = try number(value, at: path, key)
                hasMedian = true
            case "latencyMsP95":
                network.latencyMsP95 = try number(value, at: path, key)
                p95Path = path
            case "bandwidthMbps": network.bandwidthMbps = try number(value, at: path, key)
            case "maxConnections": network.maxConnections = try integer(value, at: path, key)
            case "failureRate": network.failureRate = try number(value, at: path, key)
            case "offline": network.offline = try boolean(value, at: path, key)
            case "protocol": network.httpProtocol = try choice(value, at: path, key)
            case "rttMs": network.rttMs = try number(value, at: path, key)
            case "idleTimeoutSeconds": network.idleTimeoutSeconds = try number(value, at: path, key)
            case "maxConcurrentStreams": network.maxConcurrentStreams = try integer(value, at: path, key)
            case "radio": network.radio = try choice(value, at: path, key, suggesting: true)
            case "promotionDelay": network.promotionDelay = try boolean(value, at: path, key)
            default: break  // `members` admits only the section's keys
            }
        }
        try checkPercentiles(
            median: (network.latencyMsMedian, "latencyMsMedian", hasMedian),
            p95: (network.latencyMsP95, "latencyMsP95", p95Path), in: path)
        return network
    }

    /// Checks p95 ≥ median. The error goes to the p95 when the file gives it, else to the median
    /// (which then exceeds the default p95).
    func checkPercentiles(
        median: (value: Double, key: String, isGiven: Bool), p95: (value: Double, key: String, path: String?),
        in path: String
    ) throws(ScenarioError) {
        guard p95.value < median.value else { return }
        if let p95Path = p95.path {
            let source = median.isGiven ? "" : ", the default"
            throw invalid(
                p95Path,
                "must be at least \(median.key) (\(Self.formatted(median.value))\(source)), "
                    + "found \(Self.formatted(p95.value))")
        }
        throw invalid(
            Self.path(path, median.key),
            "must not exceed \(p95.key) (\(Self.formatted(p95.value)), the default), "
                + "found \(Self.formatted(median.value)); set \(p95.key) too")
    }

    /// `disk`.
    private func disk(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Disk {
        var disk = Scenario.Disk()
        try members(of: value, at: path, section: ScenarioKeys.disk) { key, value, path throws(ScenarioError) in
            switch key.name {
            case "latencyMs": disk.latencyMs = try number(value, at: path, key)
            case "throughputMBps": disk.throughputMBps = try number(value, at: path, key)
            case "queues": disk.queues = try integer(value, at: path, key)
            default: break  // `members` admits only the section's keys
            }
        }
        return disk
    }

    /// `device`: the `model` preset (in whatever position the key comes), then every other key
    /// given, then the cross-member rules (`device(checking:)`).
    private func device(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Device {
        var model = DeviceModel.reference
        var given = DeviceOverrides()
        try members(of: value, at: path, section: ScenarioKeys.device) { key, value, memberPath throws(ScenarioError) in
            switch key.name {
            case "model": model = try choice(value, at: memberPath, key)
            case "ramGB": given.ramGB = (try number(value, at: memberPath, key), memberPath)
            case "physicalMemoryMB": given.physicalMemoryMB = (try integer(value, at: memberPath, key), memberPath)
            case "cpuCores": given.cpuCores = try integer(value, at: memberPath, key)
            case "decoderThreads": given.decoderThreads = try integer(value, at: memberPath, key)
            case "decodeSpeed": given.decodeSpeed = try number(value, at: memberPath, key)
            case "memoryLimitMB": given.memoryLimitMB = (try integer(value, at: memberPath, key), memberPath)
            case "memoryWarningMB": given.memoryWarningMB = (try integer(value, at: memberPath, key), memberPath)
            case "baselineFootprintMB":
                given.baselineFootprintMB = (try integer(value, at: memberPath, key), memberPath)
            default: break  // `members` admits only the section's keys
            }
        }
        return try device(model: model, overriddenBy: given, at: path)
    }

    /// `costs`: every value 0...10000 ms.
    private func costs(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Costs {
        var costs = Scenario.Costs()
        try members(of: value, at: path, section: ScenarioKeys.costs) { key, value, path throws(ScenarioError) in
            let cost = try number(value, at: path, key)
            switch key.name {
            case "frameBaseMs": costs.frameBaseMs = cost
            case "cellCreateMs": costs.cellCreateMs = cost
            case "cellForItemMs": costs.cellForItemMs = cost
            case "prepareForReuseMs": costs.prepareForReuseMs = cost
            case "willDisplayMs": costs.willDisplayMs = cost
            case "didEndDisplayingMs": costs.didEndDisplayingMs = cost
            case "setImageMs": costs.setImageMs = cost
            case "decodeMsPerMegapixel": costs.decodeMsPerMegapixel = cost
            case "thumbnailMsPerMegapixel": costs.thumbnailMsPerMegapixel = cost
            default: break  // `members` admits only the section's keys
            }
        }
        return costs
    }
}
