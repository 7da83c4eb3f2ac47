/// Turns a parsed scenario file into a validated `Scenario` (SPEC §9).
///
/// Strict by design: keys are exactly those SPEC §9 lists, every value is type- and
/// range-checked, and the first problem is reported with its JSON path and what is allowed.
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
        try members(of: document, at: "", keys: Keys.topLevel) { key, value, path throws(ScenarioError) in
            switch key {
            case "name": scenario.name = try label(value, at: path)
            case "description": scenario.description = try string(value, at: path)
            case "seed": scenario.seed = try unsignedInteger(value, at: path)
            case "display": scenario.display = try display(value, at: path)
            case "layout": (scenario.layout, hasItemCount) = try layout(value, at: path)
            case "cells": scenario.cells = try cells(value, at: path)
            case "images": scenario.images = try images(value, at: path)
            case "network": scenario.network = try network(value, at: path)
            case "disk": scenario.disk = try disk(value, at: path)
            case "device": scenario.device = try device(value, at: path)
            case "costs": scenario.costs = try costs(value, at: path)
            case "script": (scenario.script, scrollTargets) = try script(value, at: path)
            case "strategies": scenario.strategies = try strategies(value, at: path)
            default: break  // `members` admits only `Keys.topLevel`
            }
        }
        guard hasItemCount else { throw missing("layout.itemCount", expected: Self.integerPhrase(Limits.itemCount)) }
        let itemCount = scenario.layout.itemCount
        for target in scrollTargets where target.item >= itemCount {
            throw invalid(
                target.path,
                "must be \(Self.integerPhrase(0...(itemCount - 1))) (below layout.itemCount), found \(target.item)")
        }
        return scenario
    }

    /// The keys allowed in each object of a scenario file, in SPEC §9 order.
    enum Keys {
        /// The top-level object.
        static let topLevel = [
            "name", "description", "seed", "display", "layout", "cells", "images", "network", "disk", "device", "costs",
            "script", "strategies",
        ]
        /// `display`.
        static let display = ["refreshHz", "renderMs"]
        /// `layout`.
        static let layout = [
            "kind", "columns", "itemCount", "itemHeight", "itemHeightRange", "spacing", "contentInset", "viewport",
        ]
        /// `layout.contentInset`.
        static let contentInset = ["top", "bottom"]
        /// `layout.viewport`.
        static let viewport = ["width", "height", "scale"]
        /// `cells`.
        static let cells = ["profile", "dataPrefetch", "prefetchScreens", "cellLeadScreens", "retainScreens"]
        /// `images`.
        static let images = ["width", "height", "bytesMedian", "bytesP95", "distinct", "zipfAlpha"]
        /// `network`.
        static let network = [
            "latencyMsMedian", "latencyMsP95", "bandwidthMbps", "maxConnections", "failureRate", "offline",
            "protocol", "rttMs", "idleTimeoutSeconds", "maxConcurrentStreams", "radio", "promotionDelay",
        ]
        /// `disk`.
        static let disk = ["latencyMs", "throughputMBps", "queues"]
        /// `device`.
        static let device = [
            "model", "ramGB", "physicalMemoryMB", "cpuCores", "decoderThreads", "decodeSpeed", "memoryLimitMB",
            "memoryWarningMB", "baselineFootprintMB",
        ]
        /// `costs`.
        static let costs = [
            "frameBaseMs", "cellCreateMs", "cellForItemMs", "prepareForReuseMs", "willDisplayMs", "didEndDisplayingMs",
            "setImageMs", "decodeMsPerMegapixel", "thumbnailMsPerMegapixel",
        ]
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
        try members(of: value, at: path, keys: Keys.display) { key, value, path throws(ScenarioError) in
            switch key {
            case "refreshHz": display.refreshHz = try integer(value, at: path, in: 1...240)
            case "renderMs": display.renderMs = try number(value, at: path, .from(0, to: 1000))
            default: break  // `members` admits only `Keys.display`
            }
        }
        return display
    }

    /// `layout`, and whether it gave `itemCount`.
    private func layout(_ value: JSONValue, at path: String) throws(ScenarioError) -> (Scenario.Layout, hasItemCount: Bool) {
        var layout = Scenario.Layout(itemCount: 0)
        var hasItemCount = false
        var columnsPath: String?
        var heightKey: String?
        try members(of: value, at: path, keys: Keys.layout) { key, value, path throws(ScenarioError) in
            if key == "itemHeight" || key == "itemHeightRange" {
                if let heightKey { throw invalid(path, "cannot be combined with \(heightKey); give one or the other") }
                heightKey = key
            }
            switch key {
            case "kind": layout.kind = try choice(value, at: path)
            case "columns":
                layout.columns = try integer(value, at: path, in: 1...64)
                columnsPath = path
            case "itemCount":
                layout.itemCount = try integer(value, at: path, in: Limits.itemCount)
                hasItemCount = true
            case "itemHeight": layout.itemHeight = try number(value, at: path, Limits.itemHeight)
            case "itemHeightRange": layout.itemHeightRange = try heightRange(value, at: path)
            case "spacing": layout.spacing = try number(value, at: path, .from(0, to: 1000))
            case "contentInset":
                try members(of: value, at: path, keys: Keys.contentInset) { key, value, path throws(ScenarioError) in
                    let inset = try number(value, at: path, .from(0, to: 100_000))
                    if key == "top" { layout.contentInsetTop = inset } else { layout.contentInsetBottom = inset }
                }
            case "viewport":
                try members(of: value, at: path, keys: Keys.viewport) { key, value, path throws(ScenarioError) in
                    switch key {
                    case "width": layout.viewportWidth = try number(value, at: path, .above(0, atMost: 10_000))
                    case "height": layout.viewportHeight = try number(value, at: path, .above(0, atMost: 10_000))
                    case "scale": layout.scale = try number(value, at: path, .from(1, to: 4))
                    default: break  // `members` admits only `Keys.viewport`
                    }
                }
            default: break  // `members` admits only `Keys.layout`
            }
        }
        switch (layout.kind, columnsPath) {
        case (.list, let columnsPath?) where layout.columns != 1:
            throw invalid(columnsPath, "must be 1 for a list layout (set \"kind\": \"grid\" for more), found \(layout.columns)")
        case (.grid, nil):
            layout.columns = 3
        default:
            break
        }
        if layout.kind == .grid && Double(layout.columns - 1) * layout.spacing >= layout.viewportWidth {
            throw invalid(path + ".spacing", "leaves no room for the cells: \(layout.columns - 1) gaps of \(layout.spacing) pt must be narrower than the \(layout.viewportWidth) pt viewport")
        }
        return (layout, hasItemCount)
    }

    /// `layout.itemHeightRange`: `[min, max]` with 1 ≤ min ≤ max ≤ 10000.
    private func heightRange(_ value: JSONValue, at path: String) throws(ScenarioError) -> ClosedRange<Double> {
        guard case .array(let bounds) = value else { throw typeMismatch(expected: "an array [min, max]", found: value, at: path) }
        guard bounds.count == 2 else {
            throw invalid(path, "must be an array [min, max] of two numbers, found \(bounds.count) elements")
        }
        let low = try number(bounds[0], at: Self.path(path, 0), Limits.itemHeight)
        let high = try number(bounds[1], at: Self.path(path, 1), Limits.itemHeight)
        guard low <= high else {
            throw invalid(path, "min must not exceed max, found [\(Self.formatted(low)), \(Self.formatted(high))]")
        }
        return low...high
    }

    /// `cells`.
    private func cells(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Cells {
        var cells = Scenario.Cells()
        try members(of: value, at: path, keys: Keys.cells) { key, value, path throws(ScenarioError) in
            switch key {
            case "profile": cells.profile = try choice(value, at: path)
            case "dataPrefetch": cells.dataPrefetch = try boolean(value, at: path)
            case "prefetchScreens": cells.prefetchScreens = try number(value, at: path, .from(0, to: 20))
            case "cellLeadScreens": cells.cellLeadScreens = try number(value, at: path, .from(0, to: 10))
            case "retainScreens": cells.retainScreens = try number(value, at: path, .from(0, to: 10))
            default: break  // `members` admits only `Keys.cells`
            }
        }
        return cells
    }

    /// `images`.
    private func images(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Images {
        var images = Scenario.Images()
        var p95Path: String?
        var hasMedian = false
        try members(of: value, at: path, keys: Keys.images) { key, value, path throws(ScenarioError) in
            switch key {
            case "width": images.width = try integer(value, at: path, in: 1...20_000)
            case "height": images.height = try integer(value, at: path, in: 1...20_000)
            case "bytesMedian":
                images.bytesMedian = try number(value, at: path, .from(1, to: 1e9))
                hasMedian = true
            case "bytesP95":
                images.bytesP95 = try number(value, at: path, .from(1, to: 1e10))
                p95Path = path
            case "distinct": images.distinct = try integer(value, at: path, in: 1...10_000_000)
            case "zipfAlpha": images.zipfAlpha = try number(value, at: path, .from(0, to: 5))
            default: break  // `members` admits only `Keys.images`
            }
        }
        try checkPercentiles(
            median: (images.bytesMedian, "bytesMedian", hasMedian), p95: (images.bytesP95, "bytesP95", p95Path),
            in: path)
        return images
    }

    /// `network`.
    private func network(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Network {
        var network = Scenario.Network()
        var p95Path: String?
        var hasMedian = false
        try members(of: value, at: path, keys: Keys.network) { key, value, path throws(ScenarioError) in
            switch key {
            case "latencyMsMedian":
                network.latencyMsMedian = try number(value, at: path, .from(0, to: 60_000))
                hasMedian = true
            case "latencyMsP95":
                network.latencyMsP95 = try number(value, at: path, .from(0, to: 600_000))
                p95Path = path
            case "bandwidthMbps": network.bandwidthMbps = try number(value, at: path, .from(0.001, to: 100_000))
            case "maxConnections": network.maxConnections = try integer(value, at: path, in: 1...1000)
            case "failureRate": network.failureRate = try number(value, at: path, .from(0, to: 1))
            case "offline": network.offline = try boolean(value, at: path)
            case "protocol": network.httpProtocol = try choice(value, at: path)
            case "rttMs": network.rttMs = try number(value, at: path, .from(0, to: 60_000))
            case "idleTimeoutSeconds": network.idleTimeoutSeconds = try number(value, at: path, .from(0, to: 86_400))
            case "maxConcurrentStreams": network.maxConcurrentStreams = try integer(value, at: path, in: 1...1000)
            case "radio": network.radio = try choice(value, at: path, suggesting: true)
            case "promotionDelay": network.promotionDelay = try boolean(value, at: path)
            default: break  // `members` admits only `Keys.network`
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
                "must be at least \(median.key) (\(Self.formatted(median.value))\(source)), found \(Self.formatted(p95.value))")
        }
        throw invalid(
            Self.path(path, median.key),
            "must not exceed \(p95.key) (\(Self.formatted(p95.value)), the default), found \(Self.formatted(median.value)); set \(p95.key) too")
    }

    /// `disk`.
    private func disk(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Disk {
        var disk = Scenario.Disk()
        try members(of: value, at: path, keys: Keys.disk) { key, value, path throws(ScenarioError) in
            switch key {
            case "latencyMs": disk.latencyMs = try number(value, at: path, .from(0, to: 10_000))
            case "throughputMBps": disk.throughputMBps = try number(value, at: path, .from(0.001, to: 100_000))
            case "queues": disk.queues = try integer(value, at: path, in: 1...64)
            default: break  // `members` admits only `Keys.disk`
            }
        }
        return disk
    }

    /// `device`: the `model` preset (in whatever position the key comes), then every other key
    /// given, then the cross-member rules (`device(checking:)`).
    private func device(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Device {
        var model = DeviceModel.reference
        var given = DeviceOverrides()
        try members(of: value, at: path, keys: Keys.device) { key, value, memberPath throws(ScenarioError) in
            switch key {
            case "model": model = try choice(value, at: memberPath)
            case "ramGB": given.ramGB = (try number(value, at: memberPath, .from(0.5, to: 64)), memberPath)
            case "physicalMemoryMB":
                given.physicalMemoryMB = (try integer(value, at: memberPath, in: 256...65_536), memberPath)
            case "cpuCores": given.cpuCores = try integer(value, at: memberPath, in: 1...64)
            case "decoderThreads": given.decoderThreads = try integer(value, at: memberPath, in: 1...64)
            case "decodeSpeed": given.decodeSpeed = try number(value, at: memberPath, .above(0, atMost: 100))
            case "memoryLimitMB":
                given.memoryLimitMB = (try integer(value, at: memberPath, in: 16...65_536), memberPath)
            case "memoryWarningMB":
                given.memoryWarningMB = (try integer(value, at: memberPath, in: 1...65_536), memberPath)
            case "baselineFootprintMB":
                given.baselineFootprintMB = (try integer(value, at: memberPath, in: 0...65_536), memberPath)
            default: break  // `members` admits only `Keys.device`
            }
        }
        return try device(model: model, overriddenBy: given, at: path)
    }

    /// `costs`: every value 0...10000 ms.
    private func costs(_ value: JSONValue, at path: String) throws(ScenarioError) -> Scenario.Costs {
        var costs = Scenario.Costs()
        try members(of: value, at: path, keys: Keys.costs) { key, value, path throws(ScenarioError) in
            let cost = try number(value, at: path, Limits.cost)
            switch key {
            case "frameBaseMs": costs.frameBaseMs = cost
            case "cellCreateMs": costs.cellCreateMs = cost
            case "cellForItemMs": costs.cellForItemMs = cost
            case "prepareForReuseMs": costs.prepareForReuseMs = cost
            case "willDisplayMs": costs.willDisplayMs = cost
            case "didEndDisplayingMs": costs.didEndDisplayingMs = cost
            case "setImageMs": costs.setImageMs = cost
            case "decodeMsPerMegapixel": costs.decodeMsPerMegapixel = cost
            case "thumbnailMsPerMegapixel": costs.thumbnailMsPerMegapixel = cost
            default: break  // `members` admits only `Keys.costs`
            }
        }
        return costs
    }
}
