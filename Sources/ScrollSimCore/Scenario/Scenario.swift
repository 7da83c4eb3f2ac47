/// A scenario: everything a run needs except the strategy (docs/model.md, "Scenario files").
///
/// Every property has the default docs/model.md gives, except `layout.itemCount`. Values are in the
/// units their names say; conversion to `SimTime` happens where they are used, once.
public struct Scenario: Sendable, Equatable {
    /// Short name, used in reports. Default: the file name without extension, or "scenario".
    public var name: String = "scenario"
    /// One-paragraph description of what the scenario models.
    public var description: String = ""
    /// Seed of every random draw (docs/model.md, "Time, randomness, determinism"). Default 1.
    public var seed: UInt64 = 1
    /// Display settings (`display`).
    public var display = Display()
    /// Layout and viewport (`layout`); the only section a file must give.
    public var layout: Layout
    /// Cell lifecycle settings (`cells`).
    public var cells = Cells()
    /// The image population (`images`).
    public var images = Images()
    /// Network model (`network`).
    public var network = Network()
    /// Disk model (`disk`).
    public var disk = Disk()
    /// Device model (`device`).
    public var device = Device()
    /// Main-thread costs (`costs`).
    public var costs = Costs()
    /// The scroll script, run in order (docs/model.md, "Scroll input"). Default: empty (only the first layout).
    public var script: [ScriptStep] = []
    /// Strategies to run, in file order. Default: every built-in strategy (decided by the CLI).
    public var strategies: [StrategySpec] = []

    /// A scenario with `layout` and every other setting at its default.
    public init(layout: Layout) { self.layout = layout }

    /// Display settings (docs/model.md, "Display, main thread and frames").
    public struct Display: Sendable, Equatable {
        /// Refresh rate in Hz, from 1 to the device's maximum; nil (the default, in a file and in
        /// code alike) runs at the device's maximum (`DeviceModel.maxRefreshHz`: 120 on the
        /// ProMotion models, 60 on the others). The rate a run uses is `Scenario.refreshHz`; a rate
        /// above the device's maximum is refused (`Scenario.validate(file:)`).
        public var refreshHz: Int? = nil
        /// Render-server cost per frame in ms; 0 (default) means the render stage is not modelled.
        public var renderMs: Double = 0
        /// Every setting at its default.
        public init() {}
    }

    /// The layout kind (docs/model.md, "Layout and viewport").
    public enum LayoutKind: String, Sendable, Equatable, CaseIterable { case list, grid }

    /// Layout and viewport (docs/model.md, "Layout and viewport").
    public struct Layout: Sendable, Equatable {
        /// `list` (default) or `grid`.
        public var kind: LayoutKind = .list
        /// Columns of a grid (ignored for `list`, which has 1). Default 3 for grid.
        public var columns: Int = 1
        /// Number of items. Required.
        public var itemCount: Int
        /// Fixed item height in points. Default 100.
        public var itemHeight: Double = 100
        /// Per-item height range `[min, max]` in points; when set, overrides `itemHeight`.
        public var itemHeightRange: ClosedRange<Double>? = nil
        /// Spacing between rows and between columns, points. Default 0.
        public var spacing: Double = 0
        /// Content insets, points. Default 0.
        public var contentInsetTop: Double = 0
        /// Bottom content inset, points. Default 0.
        public var contentInsetBottom: Double = 0
        /// Viewport in points and the screen scale. Default 390 × 844 @3x (iPhone 14/15).
        public var viewportWidth: Double = 390
        /// Viewport height, points. Default 844.
        public var viewportHeight: Double = 844
        /// Screen scale (pixels per point), 1...4. Default 3.
        public var scale: Double = 3
        /// A real feed's items, read from the `catalog` CSV file (docs/workloads.md); nil (the
        /// default) for synthetic items. When set, `itemCount` is its item count, each row is as
        /// tall as its tallest item (`itemHeight` and `itemHeightRange` are not used), and each
        /// item's image and each image's pixel size and bytes come from it (`Scenario.images` is
        /// not used).
        public var catalog: ItemCatalog? = nil
        /// A layout of `itemCount` items with every other setting at its default.
        public init(itemCount: Int) { self.itemCount = itemCount }
    }

    /// Cell lifecycle profile (docs/model.md, "Cell lifecycle").
    public enum Profile: String, Sendable, Equatable, CaseIterable { case ios9, ios10, ios15 }

    /// Cell lifecycle settings (docs/model.md, "Cell lifecycle").
    public struct Cells: Sendable, Equatable {
        /// Lifecycle profile. Default `ios15`.
        public var profile: Profile = .ios15
        /// Data prefetching (`UICollectionViewDataSourcePrefetching`). Default true; ignored by ios9.
        public var dataPrefetch: Bool = true
        /// Prefetch window depth beyond the viewport, in screens. Default 1.0.
        public var prefetchScreens: Double = 1.0
        /// Lead band for early `cellForItem`, in screens. Default 0.25.
        public var cellLeadScreens: Double = 0.25
        /// Retain band for prepared cells, in screens on each side. Default 0.5.
        public var retainScreens: Double = 0.5
        /// Every setting at its default.
        public init() {}
    }

    /// The image population (docs/model.md, "Resources").
    public struct Images: Sendable, Equatable {
        /// Source image width, pixels. Default 1200.
        public var width: Int = 1200
        /// Source image height, pixels. Default 1200.
        public var height: Int = 1200
        /// Median encoded size, bytes. Default 150 000.
        public var bytesMedian: Double = 150_000
        /// 95th-percentile encoded size, bytes (≥ `bytesMedian`). Default 450 000.
        public var bytesP95: Double = 450_000
        /// Distinct images; default (nil) = item count.
        public var distinct: Int? = nil
        /// Zipf exponent of image popularity; 0 (default) maps item `i` to image `i mod distinct`.
        public var zipfAlpha: Double = 0
        /// Every setting at its default.
        public init() {}
    }

    /// The HTTP version the image host speaks (`network.protocol`).
    public enum HTTPProtocol: String, Sendable, Equatable, CaseIterable {
        /// HTTP/1.1: one request at a time per connection, up to a session's per-host limit of connections.
        case http1_1 = "http1.1"
        /// HTTP/2: one connection per session, every request a stream on it.
        case http2
    }

    /// The radio whose energy `radio_energy_j` counts (`network.radio`; docs/model.md, "Radio energy").
    public enum Radio: String, Sendable, Equatable, CaseIterable {
        /// LTE: Huang et al.'s RRC model (MobiSys 2012) with AT&T ARO's parameters.
        case lte
        /// 3G UMTS: DCH / FACH / IDLE with AT&T ARO's defaults.
        case threeG = "3g"
        /// 5G: LTE's state machine with powers scaled 2.5× (assumed).
        case fiveG = "5g"
        /// Wi-Fi: AT&T ARO's active / tail / standby model.
        case wifi
    }

    /// Network model (docs/model.md, Resources).
    public struct Network: Sendable, Equatable {
        /// Median request latency, ms: from sending a request on an open connection to its first
        /// byte (one round trip plus the server's time). Default 80.
        public var latencyMsMedian: Double = 80
        /// 95th-percentile request latency, ms (≥ the median). Default 400.
        public var latencyMsP95: Double = 400
        /// Bandwidth of the device's link, shared by every transfer in progress, Mbit/s. Default 20.
        public var bandwidthMbps: Double = 20
        /// `httpMaximumConnectionsPerHost` of the sessions that do not set their own: URLSession's
        /// default, 6. HTTP/1.1 only.
        public var maxConnections: Int = 6
        /// `http2` (default) or `http1.1` (`network.protocol`). `http2` stands for HTTP/2 and later:
        /// image feeds come from CDNs, which serve 96% of their requests over HTTP/2 or HTTP/3 (Web
        /// Almanac 2024, HTTP chapter), and URLSession speaks both; `http1.1` models an origin
        /// without a CDN (docs/fidelity.md, "Network").
        public var httpProtocol: HTTPProtocol = .http2
        /// Round-trip time of the path, ms; nil (default) derives it from the latency settings:
        /// median² / p95, the latency distribution's 5th percentile (see `roundTrip`).
        public var rttMs: Double? = nil
        /// An idle connection closes once it has been idle for longer than this, s (keep-alive).
        /// Default 75 (nginx's default `keepalive_timeout`).
        public var idleTimeoutSeconds: Double = 75
        /// The server's `SETTINGS_MAX_CONCURRENT_STREAMS` (HTTP/2). Default 100, the floor RFC 9113
        /// §6.5.2 recommends.
        public var maxConcurrentStreams: Int = 100
        /// Probability that a request fails, 0...1. Default 0.
        public var failureRate: Double = 0
        /// When true, every request fails. Default false.
        public var offline: Bool = false
        /// The radio whose energy `radio_energy_j` counts: `lte` (default), `3g`, `5g` or `wifi`.
        public var radio: Radio = .lte
        /// Whether a request that finds the radio idle (or, on 3G, in FACH) waits for the radio's
        /// promotion before it is sent (or its connection opened). Default false: the network's
        /// timing ignores the radio, and the promotion is only charged (docs/model.md, "Radio energy").
        public var promotionDelay: Bool = false
        /// Every setting at its default.
        public init() {}

        /// One round trip, ns: `rttMs`, or else median² / p95 of the latency, the lognormal's 5th
        /// percentile (its median divided by the same factor the p95 multiplies it by). The fastest
        /// requests are those the server answered at once, so the low tail of the latency is the
        /// path's round trip. 0 when the median latency is 0.
        public var roundTrip: SimTime {
            if let rttMs { return SimDuration.saturating(nanoseconds: rttMs * 1_000_000) }
            guard latencyMsMedian > 0, latencyMsP95 > 0 else { return 0 }
            return SimDuration.saturating(nanoseconds: latencyMsMedian * latencyMsMedian / latencyMsP95 * 1_000_000)
        }
    }

    /// Disk model (docs/model.md, "Resources").
    public struct Disk: Sendable, Equatable {
        /// Latency per read, ms. Default 1.
        public var latencyMs: Double = 1
        /// Read throughput, MB/s. Default 400.
        public var throughputMBps: Double = 400
        /// Reads served at once. Default 2.
        public var queues: Int = 2
        /// Every setting at its default.
        public init() {}
    }

    /// The device (`device`): a `DeviceModel` preset, any value of which a scenario may override.
    /// Memory figures are in MiB ("MB" as xnu and the image libraries count: 1 048 576 bytes).
    /// The model is in docs/model.md ("Device and memory"); sources in docs/fidelity.md.
    public struct Device: Sendable, Equatable {
        /// The preset the other values come from. Default `iphone-14-pro`.
        public var model: DeviceModel
        /// Marketing RAM, GB (informative; `physicalMemoryMB` is what the app sees).
        public var ramGB: Double
        /// `ProcessInfo.physicalMemory`, MiB: what the libraries size their caches from.
        public var physicalMemoryMB: Int
        /// `ProcessInfo.activeProcessorCount`.
        public var cpuCores: Int
        /// Background decoder threads. Default 2.
        public var decoderThreads: Int
        /// Decode speed relative to the iPhone 14 Pro: decodes take `costs.decodeMsPerMegapixel`
        /// (and `thumbnailMsPerMegapixel`) divided by this. Default 1.
        public var decodeSpeed: Double
        /// The foreground app's memory limit, MiB: a footprint above it gets the app killed.
        public var memoryLimitMB: Int
        /// The footprint above which the OS warns the app, MiB; nil (the default) means xnu's rule
        /// for per-process limits, 80 % of `memoryLimitMB` (`memoryWarningBytes`).
        public var memoryWarningMB: Int?
        /// The app's footprint besides decoded images (code, frameworks, views, heap), MiB.
        /// Default 150 (assumed).
        public var baselineFootprintMB: Int

        /// The reference device, `iphone-14-pro`.
        public init() { self.init(model: .reference) }

        /// Every value at `model`'s preset.
        public init(model: DeviceModel) {
            self.model = model
            ramGB = model.ramGB
            physicalMemoryMB = model.physicalMemoryMB
            cpuCores = model.cpuCores
            decoderThreads = model.decoderThreads
            decodeSpeed = model.decodeSpeed
            memoryLimitMB = model.memoryLimitMB
            memoryWarningMB = nil
            baselineFootprintMB = Self.defaultBaselineFootprintMB
        }

        /// The app's own footprint on every preset, MiB (assumed; see docs/fidelity.md).
        public static let defaultBaselineFootprintMB = 150
        /// Bytes in the "MB" of memory figures.
        public static let bytesPerMB: Int64 = 1_048_576
        /// xnu's per-process warning level, in 1/65536 of the limit: 80 % as `ledger_set_limit`
        /// stores it, `80 × 65536 / 100` in integers (darwin-xnu `osfmk/kern/ledger.c`).
        public static let warningLevelFixedPoint: Int64 = 80 * 65_536 / 100

        /// `ProcessInfo.physicalMemory` in bytes.
        public var physicalMemoryBytes: Int64 { Int64(physicalMemoryMB) * Self.bytesPerMB }
        /// The memory limit in bytes.
        public var memoryLimitBytes: Int64 { Int64(memoryLimitMB) * Self.bytesPerMB }
        /// The footprint the app must exceed to be warned, in bytes: `memoryWarningMB` when set,
        /// else `limit × 52428 >> 16`, the threshold xnu's ledger compares with (80 % of the limit).
        public var memoryWarningBytes: Int64 {
            if let memoryWarningMB { return Int64(memoryWarningMB) * Self.bytesPerMB }
            return (memoryLimitBytes * Self.warningLevelFixedPoint) >> 16
        }
        /// The baseline footprint in bytes.
        public var baselineFootprintBytes: Int64 { Int64(baselineFootprintMB) * Self.bytesPerMB }
    }

    /// Main-thread costs, in ms (docs/model.md, "Display, main thread and frames" and "Resources").
    public struct Costs: Sendable, Equatable {
        /// Fixed cost of a frame (layout, commit). Default 2.0.
        public var frameBaseMs: Double = 2.0
        /// Creating a cell when the pool is empty. Default 1.2.
        public var cellCreateMs: Double = 1.2
        /// Configuring a cell in `cellForItem`. Default 0.6.
        public var cellForItemMs: Double = 0.6
        /// `prepareForReuse` of a pooled cell. Default 0.05.
        public var prepareForReuseMs: Double = 0.05
        /// `willDisplay`. Default 0.02.
        public var willDisplayMs: Double = 0.02
        /// `didEndDisplaying`. Default 0.01.
        public var didEndDisplayingMs: Double = 0.01
        /// Setting an image on a cell from a main-queue block. Default 0.1.
        public var setImageMs: Double = 0.1
        /// Full decode, ms per source megapixel. Default 8.
        public var decodeMsPerMegapixel: Double = 8
        /// Downsampled (thumbnail) decode, ms per source megapixel. Default 2.
        public var thumbnailMsPerMegapixel: Double = 2
        /// Every setting at its default.
        public init() {}
    }
}

/// UIScrollView deceleration rates (docs/model.md, "Scroll input").
public enum DecelerationRate: String, Sendable, Equatable, CaseIterable {
    /// `normal` (0.998 per ms, the default) or `fast` (0.99 per ms).
    case normal, fast
    /// Per-millisecond velocity multiplier: 0.998 (normal) or 0.99 (fast).
    public var perMillisecond: Double {
        switch self {
        case .normal: 0.998
        case .fast: 0.99
        }
    }
}

/// One step of a scroll script (docs/model.md, "Scroll input"). Velocities in points per second; positive moves toward
/// the end of the content.
public indirect enum ScriptStep: Sendable, Equatable {
    /// The finger moves the content at a constant velocity for `seconds`, then lifts with zero velocity.
    case drag(velocity: Double, seconds: Double)
    /// The finger lifts at `velocity`; the content decelerates at `deceleration`.
    case fling(velocity: Double, deceleration: DecelerationRate)
    /// Nothing moves for `seconds`.
    case pause(seconds: Double)
    /// Programmatic scroll to put `item` at the top of the viewport; animated with ease-in-out over `seconds`.
    case scrollTo(item: Int, animated: Bool, seconds: Double)
    /// Runs `steps` `times` times.
    case repeatSteps(times: Int, steps: [ScriptStep])
    /// The app receives a memory warning at this instant.
    case memoryWarning
    /// A recorded gesture, replayed from the current offset (the file's content, loaded when the
    /// scenario is decoded; docs/workloads.md).
    case replay(ReplayGesture)
    /// A stochastic user browsing; expanded into the steps above when the timeline is built, from
    /// the run's seed (docs/workloads.md).
    case user(UserModel)
}

/// A strategy as named in a scenario, with its parameters in file order.
public struct StrategySpec: Sendable, Equatable {
    /// The strategy's catalog name.
    public var name: String
    /// The name the entry's rows get in every output (`"label"` in the file), so that two
    /// configurations of one strategy run side by side; nil to use `name`.
    public var label: String?
    /// Parameters in the order they appear in the file (never a dictionary: order must not depend on hashing).
    public var parameters: [(key: String, value: JSONValue)]
    /// JSON path of this entry in its file, e.g. `strategies[1]`, for error messages.
    public var path: String

    /// A strategy entry named `name` (reported as `label` when given) with `parameters` in file
    /// order, found at `path`.
    public init(name: String, label: String? = nil, parameters: [(key: String, value: JSONValue)] = [],
                path: String = "") {
        self.name = name
        self.label = label
        self.parameters = parameters
        self.path = path
    }

    /// The name the entry's runs are reported under: its label, else its catalog name.
    public var displayName: String { label ?? name }

    /// Equal names, labels, paths and parameters in the same order.
    public static func == (a: StrategySpec, b: StrategySpec) -> Bool {
        a.name == b.name && a.label == b.label && a.path == b.path && a.parameters.count == b.parameters.count
            && zip(a.parameters, b.parameters).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
