/// Every object of a scenario file and its keys: the one table the decoder reads and
/// `ScenarioSchema` writes the JSON Schema from (`ScenarioKey`). Defaults are read from the
/// `Scenario` types' own defaults, so they are declared there once.
enum ScenarioKeys {
    // MARK: Sections

    /// The top-level object.
    static let topLevel = ScenarioSection(
        "scenario", "A ScrollSim scenario: a collection view, its images, network and device, a scroll script and "
            + "the strategies to compare.", keys: [
        ScenarioKey("$schema", .text, "The JSON Schema this file follows, for editors; ignored by ScrollSim."),
        ScenarioKey("name", .name, "Short name used in reports and file names; default: the file name without .json."),
        ScenarioKey("description", .text, default: .string(""), "One paragraph on what the scenario models."),
        ScenarioKey("seed", .unsignedInteger, default: JSONValue(Scenario(layout: .init(itemCount: 0)).seed),
            "Seed of every random draw."),
        ScenarioKey("display", .object(display), "The display: refresh rate and render stage."),
        ScenarioKey("layout", .object(layout), isRequired: true, missing: "an object",
            "The collection view's layout and viewport; the only section a file must give."),
        ScenarioKey("cells", .object(cells), "The cell lifecycle: UIKit profile, data prefetching and bands."),
        ScenarioKey("images", .object(images), "The synthetic image population (not with layout.catalog)."),
        ScenarioKey("network", .object(network), "The network: latency, bandwidth, connections, protocol, failures."),
        ScenarioKey("disk", .object(disk), "The disk: latency, throughput and queues."),
        ScenarioKey("device", .object(device), "The device: a model preset, any value of which may be overridden."),
        ScenarioKey("costs", .object(costs), "Main-thread and decode costs, ms."),
        ScenarioKey("script", .steps(minimumCount: 0), default: .array([]),
            "The scroll script, run in order; default: no scrolling."),
        ScenarioKey("strategies", .strategies, "The strategies to run, in order; default: every built-in strategy."),
    ], schemaRules: [
        ("if", .object([("properties", .object([("layout", .object([("required", .array([.string("catalog")]))]))])),
                        ("required", .array([.string("layout")]))])),
        ("then", .object([("properties", .object([("images", .object([
            ("maxProperties", JSONValue(0)),
            ("description", .string("A layout.catalog gives each image's size and bytes: images must be empty.")),
        ]))]))])),
    ])

    /// `display`.
    static let display = ScenarioSection("display", "The display: refresh rate and render stage.", keys: [
        ScenarioKey("refreshHz", .integer(1...DeviceModel.highestMaxRefreshHz),
            "Refresh rate, Hz, at most the device's maximum; default: the device's maximum, 120 on the ProMotion "
            + "models (iphone-14-pro, iphone-15-pro) and 60 on the others (60 on a ProMotion model: Low Power "
            + "Mode or Limit Frame Rate)."),
        ScenarioKey("renderMs", .number(.from(0, to: 1000)), default: JSONValue(Scenario.Display().renderMs),
            "Render-server time per frame, ms; 0 leaves the render stage out."),
    ])

    /// `layout`.
    static let layout = ScenarioSection("layout", "The collection view's layout and viewport.", keys: [
        ScenarioKey("kind", .choice(names(Scenario.LayoutKind.self)),
            default: .string(Scenario.Layout(itemCount: 0).kind.rawValue),
            "A list (one column) or a grid."),
        ScenarioKey("columns", .integer(1...64), "Columns of a grid; default 3 (a list has 1)."),
        ScenarioKey("itemCount", .integer(ScenarioDecoder.Limits.itemCount),
            "Number of items; required unless catalog gives them."),
        ScenarioKey("catalog", .file,
            "A CSV of the items (height_pt,image_id,width_px,height_px,bytes), next to the scenario: each item's "
            + "height and image, each image's pixel size and bytes."),
        ScenarioKey("itemHeight", .number(ScenarioDecoder.Limits.itemHeight),
            default: JSONValue(Scenario.Layout(itemCount: 0).itemHeight),
            "Height of every item, points."),
        ScenarioKey("itemHeightRange", .pair(ScenarioDecoder.Limits.itemHeight),
            "[min, max]: each row's height drawn uniformly from this range, points (instead of itemHeight)."),
        ScenarioKey("spacing", .number(.from(0, to: 1000)), default: JSONValue(Scenario.Layout(itemCount: 0).spacing),
            "Space between rows and between columns, points."),
        ScenarioKey("contentInset", .object(contentInset), "Content insets, points."),
        ScenarioKey("viewport", .object(viewport),
            "The viewport in points and the screen scale (default: iPhone 14/15, 390 × 844 @3x)."),
    ], schemaRules: [
        ("anyOf", .array([.object([("required", .array([.string("itemCount")]))]),
                          .object([("required", .array([.string("catalog")]))])])),
        ("dependentSchemas", .object([
            ("catalog", .object([("properties", .object([
                ("itemCount", .bool(false)), ("itemHeight", .bool(false)), ("itemHeightRange", .bool(false)),
            ]))])),
            ("itemHeight", .object([("properties", .object([("itemHeightRange", .bool(false))]))])),
        ])),
        ("if", .object([("properties", .object([("kind", .object([("const", .string("grid"))]))])),
                        ("required", .array([.string("kind")]))])),
        ("else", .object([("properties", .object([("columns", .object([("const", JSONValue(1))]))]))])),
    ])

    /// `layout.contentInset`.
    static let contentInset = ScenarioSection("contentInset", "Content insets, points.", keys: [
        ScenarioKey("top", .number(.from(0, to: 100_000)),
            default: JSONValue(Scenario.Layout(itemCount: 0).contentInsetTop),
            "Inset above the first row, points."),
        ScenarioKey("bottom", .number(.from(0, to: 100_000)),
            default: JSONValue(Scenario.Layout(itemCount: 0).contentInsetBottom),
            "Inset below the last row, points."),
    ])

    /// `layout.viewport`.
    static let viewport = ScenarioSection("viewport", "The viewport in points and the screen scale.", keys: [
        ScenarioKey("width", .number(.above(0, atMost: 10_000)),
            default: JSONValue(Scenario.Layout(itemCount: 0).viewportWidth),
            "Viewport width, points."),
        ScenarioKey("height", .number(.above(0, atMost: 10_000)),
            default: JSONValue(Scenario.Layout(itemCount: 0).viewportHeight),
            "Viewport height, points."),
        ScenarioKey("scale", .number(.from(1, to: 4)), default: JSONValue(Scenario.Layout(itemCount: 0).scale),
            "Screen scale, pixels per point."),
    ])

    /// `cells`.
    static let cells = ScenarioSection("cells", "The cell lifecycle.", keys: [
        ScenarioKey("profile", .choice(names(Scenario.Profile.self)),
            default: .string(Scenario.Cells().profile.rawValue),
            "UIKit's lifecycle: ios9 (row at a time), ios10 (cell prefetching), ios15 (idle-time preparation)."),
        ScenarioKey("dataPrefetch", .boolean, default: .bool(Scenario.Cells().dataPrefetch),
            "UICollectionViewDataSourcePrefetching calls (ignored by ios9)."),
        ScenarioKey("prefetchScreens", .number(.from(0, to: 20)), default: JSONValue(Scenario.Cells().prefetchScreens),
            "Data prefetch window beyond the viewport, screens."),
        ScenarioKey("cellLeadScreens", .number(.from(0, to: 10)), default: JSONValue(Scenario.Cells().cellLeadScreens),
            "Band ahead of the viewport where cells are prepared early, screens."),
        ScenarioKey("retainScreens", .number(.from(0, to: 10)), default: JSONValue(Scenario.Cells().retainScreens),
            "Band on each side of the viewport where prepared cells are kept, screens."),
    ])

    /// `images`.
    static let images = ScenarioSection("images", "The synthetic image population (not with layout.catalog).", keys: [
        ScenarioKey("width", .integer(1...20_000), default: JSONValue(Scenario.Images().width),
            "Pixel width of every source image."),
        ScenarioKey("height", .integer(1...20_000), default: JSONValue(Scenario.Images().height),
            "Pixel height of every source image."),
        ScenarioKey("bytesMedian", .number(.from(1, to: 1e9)), default: JSONValue(Scenario.Images().bytesMedian),
            "Median encoded size, bytes (lognormal)."),
        ScenarioKey("bytesP95", .number(.from(1, to: 1e10)), default: JSONValue(Scenario.Images().bytesP95),
            "95th-percentile encoded size, bytes (at least bytesMedian)."),
        ScenarioKey("distinct", .integer(1...10_000_000), "Distinct images; default: the item count."),
        ScenarioKey("zipfAlpha", .number(.from(0, to: 5)), default: JSONValue(Scenario.Images().zipfAlpha),
            "Zipf exponent of image popularity; 0 maps item i to image i mod distinct."),
    ])

    /// `network`.
    static let network = ScenarioSection("network", "The network.", keys: [
        ScenarioKey("latencyMsMedian", .number(.from(0, to: 60_000)),
            default: JSONValue(Scenario.Network().latencyMsMedian),
            "Median time from sending a request to its first byte, ms (lognormal)."),
        ScenarioKey("latencyMsP95", .number(.from(0, to: 600_000)), default: JSONValue(Scenario.Network().latencyMsP95),
            "95th percentile of that latency, ms (at least the median)."),
        ScenarioKey("bandwidthMbps", .number(.from(0.001, to: 100_000)),
            default: JSONValue(Scenario.Network().bandwidthMbps),
            "The device's link, shared by every transfer, Mbit/s."),
        ScenarioKey("maxConnections", .integer(1...1000), default: JSONValue(Scenario.Network().maxConnections),
            "httpMaximumConnectionsPerHost of the sessions that set none (HTTP/1.1)."),
        ScenarioKey("failureRate", .number(.from(0, to: 1)), default: JSONValue(Scenario.Network().failureRate),
            "Probability that a request fails."),
        ScenarioKey("offline", .boolean, default: .bool(Scenario.Network().offline), "When true, every request fails."),
        ScenarioKey("protocol", .choice(names(Scenario.HTTPProtocol.self)),
            default: .string(Scenario.Network().httpProtocol.rawValue),
            "HTTP version of the image host: http2 (HTTP/2 and later, as CDNs serve nearly every request) or "
            + "http1.1 (an origin without a CDN)."),
        ScenarioKey("rttMs", .number(.from(0, to: 60_000)), "Round trip, ms; default: median² / p95 of the latency."),
        ScenarioKey("idleTimeoutSeconds", .number(.from(0, to: 86_400)),
            default: JSONValue(Scenario.Network().idleTimeoutSeconds),
            "An idle connection closes after this long, s (keep-alive)."),
        ScenarioKey("maxConcurrentStreams", .integer(1...1000),
            default: JSONValue(Scenario.Network().maxConcurrentStreams),
            "The server's SETTINGS_MAX_CONCURRENT_STREAMS (HTTP/2)."),
        ScenarioKey("radio", .choice(names(Scenario.Radio.self)), default: .string(Scenario.Network().radio.rawValue),
            "The radio whose energy radio_energy_j counts (RRC state machine; docs/model.md, \"Radio energy\")."),
        ScenarioKey("promotionDelay", .boolean, default: .bool(Scenario.Network().promotionDelay),
            "When true, a request that finds the radio idle waits for its promotion (0.26 s on LTE, 2 s on 3G)."),
    ])

    /// `disk`.
    static let disk = ScenarioSection("disk", "The disk.", keys: [
        ScenarioKey("latencyMs", .number(.from(0, to: 10_000)), default: JSONValue(Scenario.Disk().latencyMs),
            "Latency of each read or write, ms."),
        ScenarioKey("throughputMBps", .number(.from(0.001, to: 100_000)),
            default: JSONValue(Scenario.Disk().throughputMBps),
            "Throughput, MB/s."),
        ScenarioKey("queues", .integer(1...64), default: JSONValue(Scenario.Disk().queues),
            "Reads and writes served at once."),
    ])

    /// `device`.
    static let device = ScenarioSection(
        "device", "The device: a model preset, any value of which may be overridden (memory in MiB).", keys: [
        ScenarioKey("model", .choice(names(DeviceModel.self)), default: .string(DeviceModel.reference.rawValue),
            "The preset every other value defaults to."),
        ScenarioKey("ramGB", .number(.from(0.5, to: 64)), "Marketing RAM, GB; default: the model's."),
        ScenarioKey("physicalMemoryMB", .integer(256...65_536),
            "ProcessInfo.physicalMemory, MiB; default: the model's (or ramGB × 961)."),
        ScenarioKey("cpuCores", .integer(1...64), "ProcessInfo.activeProcessorCount; default: the model's."),
        ScenarioKey("decoderThreads", .integer(1...64), default: JSONValue(Scenario.Device().decoderThreads),
            "Background decoder threads."),
        ScenarioKey("decodeSpeed", .number(.above(0, atMost: 100)),
            "Decode speed relative to the iPhone 14 Pro (decode costs are divided by it); default: the model's."),
        ScenarioKey("memoryLimitMB", .integer(16...65_536),
            "The app's memory limit, MiB: above it the app is killed; default: the model's."),
        ScenarioKey("memoryWarningMB", .integer(1...65_536),
            "Footprint above which the OS warns the app, MiB; default: 80 % of memoryLimitMB."),
        ScenarioKey("baselineFootprintMB", .integer(0...65_536),
            default: JSONValue(Scenario.Device.defaultBaselineFootprintMB),
            "The app's footprint besides decoded images, MiB."),
    ])

    /// `costs`, every one in ms.
    static let costs = ScenarioSection("costs", "Main-thread and decode costs, ms.", keys: [
        ScenarioKey("frameBaseMs", cost, default: JSONValue(Scenario.Costs().frameBaseMs),
            "Fixed cost of a frame (layout, commit), ms."),
        ScenarioKey("cellCreateMs", cost, default: JSONValue(Scenario.Costs().cellCreateMs),
            "Creating a cell when the pool is empty, ms."),
        ScenarioKey("cellForItemMs", cost, default: JSONValue(Scenario.Costs().cellForItemMs),
            "Configuring a cell in cellForItem, ms."),
        ScenarioKey("prepareForReuseMs", cost, default: JSONValue(Scenario.Costs().prepareForReuseMs),
            "prepareForReuse of a pooled cell, ms."),
        ScenarioKey("willDisplayMs", cost, default: JSONValue(Scenario.Costs().willDisplayMs), "willDisplay, ms."),
        ScenarioKey("didEndDisplayingMs", cost, default: JSONValue(Scenario.Costs().didEndDisplayingMs),
            "didEndDisplaying, ms."),
        ScenarioKey("setImageMs", cost, default: JSONValue(Scenario.Costs().setImageMs),
            "Setting an image on a cell, ms."),
        ScenarioKey("decodeMsPerMegapixel", cost, default: JSONValue(Scenario.Costs().decodeMsPerMegapixel),
            "Full decode, ms per source megapixel (on the iPhone 14 Pro)."),
        ScenarioKey("thumbnailMsPerMegapixel", cost, default: JSONValue(Scenario.Costs().thumbnailMsPerMegapixel),
            "Downsampled (thumbnail) decode, ms per source megapixel."),
    ])

    /// The range of every `costs` value, ms.
    private static let cost = ScenarioKey.Kind.number(ScenarioDecoder.Limits.cost)

    // MARK: Steps

    /// The step kinds, in documentation order: each an object with one key naming the kind.
    static let steps: [ScenarioSection] = [drag, fling, pause, scrollTo, repeatStep, memoryWarning, replay, user]

    /// `drag`.
    static let drag = ScenarioSection(
        "drag", "The finger moves the content at a constant velocity, then lifts at rest.", keys: [
        ScenarioKey("velocity", .number(ScenarioDecoder.ScriptLimits.velocity), isRequired: true,
            "Velocity, points per second; positive toward the end of the content."),
        ScenarioKey("seconds", .number(ScenarioDecoder.ScriptLimits.duration), isRequired: true,
            "How long the finger drags, s."),
    ])

    /// `fling`.
    static let fling = ScenarioSection(
        "fling", "The finger lifts at a velocity; the content decelerates like UIScrollView.", keys: [
        ScenarioKey("velocity", .number(ScenarioDecoder.ScriptLimits.velocity), isRequired: true,
            "Lift velocity, points per second; positive toward the end of the content."),
        ScenarioKey("deceleration", .choice(names(DecelerationRate.self)),
            default: .string(DecelerationRate.normal.rawValue),
            "UIScrollView.DecelerationRate: normal (0.998 per ms) or fast (0.99 per ms)."),
    ])

    /// `pause`.
    static let pause = ScenarioSection("pause", "Nothing moves.", keys: [
        ScenarioKey("seconds", .number(ScenarioDecoder.ScriptLimits.duration), isRequired: true, "How long, s."),
    ])

    /// `scrollTo`.
    static let scrollTo = ScenarioSection(
        "scrollTo", "A programmatic scroll that puts an item at the top of the viewport.", keys: [
        ScenarioKey("item", .integer(0...(ScenarioDecoder.Limits.itemCount.upperBound - 1)),
            isRequired: true, missing: "an integer from 0 to layout.itemCount − 1",
            "The item, from 0 (below layout.itemCount)."),
        ScenarioKey("animated", .boolean, default: .bool(true), "Animated with ease-in-out, or a jump."),
        ScenarioKey("seconds", .number(ScenarioDecoder.ScriptLimits.scrollDuration),
            default: JSONValue(ScenarioDecoder.ScriptLimits.defaultScrollSeconds),
            "Length of the animation, s (only when animated)."),
    ], schemaRules: [
        ("if", .object([("properties", .object([("animated", .object([("const", .bool(false))]))])),
                        ("required", .array([.string("animated")]))])),
        ("then", .object([("properties", .object([("seconds", .bool(false))]))])),
    ])

    /// `repeat`.
    static let repeatStep = ScenarioSection("repeat", "Runs a script several times (nested at most 8 deep).", keys: [
        ScenarioKey("times", .integer(1...100_000), isRequired: true, "How many times."),
        ScenarioKey("script", .steps(minimumCount: 1), isRequired: true, "The steps repeated, at least one."),
    ])

    /// `memoryWarning`.
    static let memoryWarning = ScenarioSection(
        "memoryWarning", "The app receives a memory warning (an empty object: no parameters).", keys: [])

    /// `replay`.
    static let replay = ScenarioSection("replay", "A recorded gesture (docs/workloads.md).", keys: [
        ScenarioKey("file", .file, isRequired: true, missing: "a CSV file's path, relative to the scenario file",
            "A CSV (t_ms,offset_pt) next to the scenario: the scroll view's content offset over time."),
    ])

    /// `user`.
    static let user = ScenarioSection(
        "user", "A simulated user browsing, drawn from the run's seed (docs/workloads.md).", keys: [
        ScenarioKey("seconds", .number(.above(0, atMost: ScenarioDecoder.ScriptLimits.expandedSeconds)),
            isRequired: true,
            "How long the user browses, s."),
        ScenarioKey("pauseSecondsMedian", .number(.above(0, atMost: 600)),
            default: JSONValue(defaultUser.pauseSecondsMedian),
            "Median reading pause before each gesture, s."),
        ScenarioKey("pauseSecondsP95", .number(.above(0, atMost: 3600)),
            default: JSONValue(defaultUser.pauseSecondsP95),
            "95th percentile of the pause, s (lognormal)."),
        ScenarioKey("flingShare", probability, default: JSONValue(defaultUser.flingShare),
            "Share of gestures that are flicks; the rest are slow drags."),
        ScenarioKey("flingVelocityMedian", .number(.from(UserModel.minFlingVelocity, to: UserModel.maxFlingVelocity)),
            default: JSONValue(defaultUser.flingVelocityMedian),
            "Median flick lift velocity, points per second."),
        ScenarioKey("flingVelocityP95", .number(.from(UserModel.minFlingVelocity, to: 100_000)),
            default: JSONValue(defaultUser.flingVelocityP95),
            "95th percentile of the lift velocity (draws clamped to 50...8000)."),
        ScenarioKey("flickSeconds", .number(.from(UserModel.minGestureSeconds, to: 1)),
            default: JSONValue(defaultUser.flickSeconds),
            "Finger contact of a flick before it lifts, s."),
        ScenarioKey("dragVelocityMedian", .number(.above(0, atMost: 10_000)),
            default: JSONValue(defaultUser.dragVelocityMedian),
            "Median slow-drag speed, points per second."),
        ScenarioKey("dragVelocityP95", .number(.above(0, atMost: 100_000)),
            default: JSONValue(defaultUser.dragVelocityP95),
            "95th percentile of the drag speed."),
        ScenarioKey("dragSecondsMedian", .number(.from(UserModel.minGestureSeconds, to: 60)),
            default: JSONValue(defaultUser.dragSecondsMedian),
            "Median slow-drag length, s."),
        ScenarioKey("dragSecondsP95", .number(.from(UserModel.minGestureSeconds, to: 600)),
            default: JSONValue(defaultUser.dragSecondsP95),
            "95th percentile of the drag length, s."),
        ScenarioKey("reversalProbability", probability, default: JSONValue(defaultUser.reversalProbability),
            "Chance a gesture goes against the heading (a look back)."),
        ScenarioKey("returnToTopProbability", probability, default: JSONValue(defaultUser.returnToTopProbability),
            "Chance, per gesture away from the top, of a tap back to the top."),
        ScenarioKey("deceleration", .choice(names(DecelerationRate.self)),
            default: .string(defaultUser.deceleration.rawValue),
            "The scroll view's deceleration rate."),
    ])

    /// A user with every default.
    private static let defaultUser = UserModel(seconds: 1)
    /// A share or a probability.
    private static let probability = ScenarioKey.Kind.number(.from(0, to: 1))

    /// The raw values of `Choice`'s cases, in declaration order.
    static func names<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) -> [String]
        where Choice.RawValue == String {
        Choice.allCases.map(\.rawValue)
    }
}
