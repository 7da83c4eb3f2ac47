import ScrollSimCore

/// What `adaptive` believes a load costs, learned online from its own requests and decodes (no
/// oracle: only `TaskMetrics` and the times its decode jobs took; docs/fidelity.md, `adaptive`).
///
/// Four windowed medians (`ObservationWindow`, the last `windowCapacity` observations, seeded
/// with `prior.weight` copies of a cautious prior):
/// - **first-byte time**, `responseStart − requestStart` of every request that got a response
///   (completed, or failed with an error response): one round trip plus the server's time. Its
///   95th percentile (nearest rank in the window) sizes the download depth.
/// - **link time per byte**, from `LinkShareLog`: each completed transfer's time alone on the
///   link divided by its bytes (the inverse of the link's rate, corrected for the strategy's own
///   transfers sharing it).
/// - **bytes per image**, `bytesReceived` of completed requests.
/// - **decode time**, from submitting a downsampling decode to its completion (the decoder
///   threads' queue included: that is the delay a plan must expect).
///
/// Failures teach only their first-byte time (an error response still measures the round trip
/// and the server); a request that never got a response (offline, cancelled before its first
/// byte) teaches nothing. Cancelled transfers are not measured but count in the link's sharing.
///
/// Everything is updated in event order and each statistic is an order statistic of a sorted
/// array: no dictionary order or summation order reaches a result.
struct LoadEstimator {
    /// The prior: what the strategy assumes before it has measured anything. Cautious: a slow
    /// mobile network (a bottom-quartile 4G link) and typical web images, so that the first plans
    /// look further ahead and admit less during a fling than a fast network would justify, until
    /// measurements say otherwise. (The download depth does not come from the prior: see
    /// `isDepthMeasured`.)
    struct Prior: Equatable {
        /// First-byte time, seconds. Default 0.150: Lighthouse's mobile throttling preset ("Slow
        /// 4G": 150 ms RTT, roughly the bottom quarter of 4G connections; GoogleChrome/lighthouse
        /// `docs/throttling.md`), read as one round trip with no server time.
        var firstByteSeconds = 0.150
        /// Link rate, bits per second. Default 1 600 000: the same preset's 1.6 Mbit/s down.
        var bitsPerSecond = 1_600_000.0
        /// Encoded bytes per source pixel. Default 0.1875 (1.5 bits per pixel): the median JPEG
        /// of 0.6–0.8 megapixels on the web compresses to 1.52–1.56 bits per pixel (HTTP Archive,
        /// 2024 crawl, as tabulated in webmproject/codec-compare's wiki "Bits per pixel of
        /// Internet images"). Times the pixel size every image API returns: an image's size
        /// before any has been downloaded.
        var bytesPerPixel = 0.1875
        /// Downsampling (ImageIO thumbnail) decode, ms per source megapixel. Default 3: the upper
        /// end of a 1–3 ms/MP range estimated from an M4 Pro's 26 ms ImageIO thumbnail of a 12 MP
        /// JPEG, scaled to a phone core; no measured iPhone figure exists (docs/fidelity.md,
        /// `adaptive`).
        var thumbnailMsPerMegapixel = 3.0
        /// Copies of each prior value a window starts with. Default 2: the prior decides each
        /// median until three observations outnumber it.
        var weight = 2

        /// The default prior.
        init() {}
    }

    /// Observations each window keeps. 32: enough for a stable median and a 95th percentile
    /// (the 31st of 32), few enough to follow a network that changes within seconds of scrolling.
    static let windowCapacity = 32

    /// First-byte times, seconds.
    private(set) var firstByte: ObservationWindow
    /// Link time per byte, nanoseconds.
    private(set) var linkNanosPerByte: ObservationWindow
    /// Encoded bytes per image.
    private(set) var imageBytes: ObservationWindow
    /// Decode times, seconds.
    private(set) var decode: ObservationWindow
    /// Per-transfer link times from the request metrics.
    private var link = LinkShareLog()
    /// Copies of each prior value the windows started with.
    let priorWeight: Int

    /// Estimates starting at `prior` for source images of `imagePixels` pixels.
    init(prior: Prior = Prior(), imagePixels: Int64) {
        let capacity = Self.windowCapacity
        priorWeight = prior.weight
        firstByte = ObservationWindow(capacity: capacity, prior: prior.firstByteSeconds, priorWeight: prior.weight)
        linkNanosPerByte = ObservationWindow(capacity: capacity, prior: 8e9 / prior.bitsPerSecond,
                                             priorWeight: prior.weight)
        imageBytes = ObservationWindow(capacity: capacity, prior: (Double(imagePixels) * prior.bytesPerPixel).rounded(),
                                       priorWeight: prior.weight)
        decode = ObservationWindow(capacity: capacity,
                                   prior: prior.thumbnailMsPerMegapixel * Double(imagePixels) / 1e9,
                                   priorWeight: prior.weight)
    }

    /// The strategy resumed a request for `imageID` at `time`.
    mutating func resumed(imageID: Int, at time: SimTime) {
        link.resumed(imageID: imageID, at: time)
    }

    /// A request of the strategy's session ended with `metrics`.
    mutating func observe(_ metrics: TaskMetrics) {
        if let sent = metrics.requestStart, let first = metrics.responseStart {
            firstByte.add(SimDuration.toSeconds(first - sent))
        }
        if metrics.outcome == .completed && metrics.bytesReceived > 0 {
            imageBytes.add(Double(metrics.bytesReceived))
        }
        link.end(metrics)
        for nanosPerByte in link.measured { linkNanosPerByte.add(nanosPerByte) }
    }

    /// A decode job of the strategy took `duration` from submission to completion.
    mutating func observeDecode(_ duration: SimTime) {
        decode.add(SimDuration.toSeconds(duration))
    }

    /// Whether real observations outnumber the prior's copies in the windows the download depth
    /// is computed from (first-byte times and link times).
    var isDepthMeasured: Bool {
        firstByte.observationCount > priorWeight && linkNanosPerByte.observationCount > priorWeight
    }

    /// Median first-byte time, seconds.
    var latencySeconds: Double { firstByte.median }
    /// 95th-percentile first-byte time, seconds (nearest rank in the window).
    var latencyP95Seconds: Double { firstByte.quantile(0.95) }
    /// Median encoded bytes of an image.
    var imageBytesMedian: Double { imageBytes.median }
    /// Seconds a median image takes alone on the link.
    var transferSeconds: Double { imageBytes.median * linkNanosPerByte.median / 1e9 }
    /// Median decode time, seconds.
    var decodeSeconds: Double { decode.median }
    /// The link's rate the estimate implies, bits per second (infinite for a zero link time).
    var bitsPerSecond: Double { 8e9 / linkNanosPerByte.median }
}
