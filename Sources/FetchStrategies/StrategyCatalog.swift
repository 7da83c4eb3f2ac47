import ScrollSimCore

/// Documentation of one strategy parameter, as `scrollsim strategies` lists it.
public struct StrategyParameter: Sendable, Equatable {
    public var name: String
    public var defaultValue: String
    public var summary: String
    public init(name: String, defaultValue: String, summary: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// A built-in strategy: its name, what it models, where the model comes from, its parameters.
public struct StrategyDescriptor: Sendable {
    public var name: String
    public var summary: String
    public var source: String
    public var parameters: [StrategyParameter]
    /// Builds the strategy from a scenario entry; throws for unknown or invalid parameters.
    public var make: @Sendable (StrategySpec) throws(StrategyConfigError) -> StrategyFactory

    /// A strategy called `name` (as scenarios and `--strategy` name it), described by `summary`
    /// and `source` (one line each, for `scrollsim strategies`), documenting `parameters`, built by
    /// `make` from a scenario entry (read the entry with `StrategyParameters`).
    public init(name: String, summary: String, source: String, parameters: [StrategyParameter],
                make: @escaping @Sendable (StrategySpec) throws(StrategyConfigError) -> StrategyFactory) {
        self.name = name
        self.summary = summary
        self.source = source
        self.parameters = parameters
        self.make = make
    }
}

/// A strategy entry in a scenario that cannot be used: `path` is its JSON path.
public struct StrategyConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// The built-in strategies, in the order `scrollsim strategies` lists them.
public enum StrategyCatalog {
    /// Every built-in strategy.
    public static let all: [StrategyDescriptor] = [
        StrategyDescriptor(
            name: "naive",
            summary: "Loads in cellForItem; no cache, no coalescing, no cancellation, no identity check; main-thread decode at display.",
            source: "The control: the first image-loading code of most tutorials.",
            parameters: [],
            make: { spec throws(StrategyConfigError) in
                try StrategyParameters(spec).finish()
                return { NaiveStrategy(environment: $0) }
            }),
        StrategyDescriptor(
            name: "apple-prefetching-sample",
            summary: "AsyncFetcher: unbounded NSCache-like cache purged on memory warning, coalesced completion handlers, cancelFetch on cancelPrefetching, representedIdentifier guard, main-thread decode at display.",
            source: "Apple sample code \"Prefetching collection view data\" (UICollectionViewDataSourcePrefetching).",
            parameters: [
                StrategyParameter(name: "memoryCacheMB", defaultValue: "0",
                                  summary: "The NSCache's totalCostLimit in MB of decoded image (an integer from 0 to 65536); 0, NSCache's default, means no limit."),
            ],
            make: { spec throws(StrategyConfigError) in
                var parameters = StrategyParameters(spec)
                let memoryCacheMB = try parameters.integer("memoryCacheMB", default: 0, in: 0...65_536)
                try parameters.finish()
                return { ApplePrefetchingSampleStrategy(environment: $0, memoryCacheMB: memoryCacheMB) }
            }),
        StrategyDescriptor(
            name: "actor-loader-coalescing",
            summary: "Actor loader caching in-flight tasks: one download per URL, failed entries removed, every image kept, no cancellation, no prefetch, main-thread decode at display.",
            source: "The Swift-concurrency image loader pattern (actor with [URL: .inProgress(Task) | .fetched(UIImage)]).",
            parameters: [],
            make: { spec throws(StrategyConfigError) in
                try StrategyParameters(spec).finish()
                return { ActorLoaderCoalescingStrategy(environment: $0) }
            }),
        StrategyDescriptor(
            name: "actor-loader",
            summary: "First actor loader: dictionary of ready images, no coalescing (one download per request), load cancelled when the cell moves to another item, no prefetch, main-thread decode at display.",
            source: "The Swift-concurrency image loader pattern, first version (actor with [URL: UIImage], view .task(id:)).",
            parameters: [],
            make: { spec throws(StrategyConfigError) in
                try StrategyParameters(spec).finish()
                return { ActorLoaderStrategy(environment: $0) }
            }),
        StrategyDescriptor(
            name: "actor-loader-capped",
            summary: "actor-loader-coalescing with at most maxImages ready images, evicting the oldest inserted (FIFO, not LRU).",
            source: "The Swift-concurrency image loader pattern, capped version (insertion-ordered keys, oldest removed first).",
            parameters: [
                StrategyParameter(name: "maxImages", defaultValue: String(ActorLoaderCappedStrategy.defaultMaxImages),
                                  summary: "Ready images kept (an integer from 1 to 1000000); the oldest inserted is evicted first."),
            ],
            make: { spec throws(StrategyConfigError) in
                var parameters = StrategyParameters(spec)
                let maxImages = try parameters.integer("maxImages", default: ActorLoaderCappedStrategy.defaultMaxImages, in: 1...1_000_000)
                try parameters.finish()
                return { ActorLoaderCappedStrategy(environment: $0, maxImages: maxImages) }
            }),
        StrategyDescriptor(
            name: "kingfisher",
            summary: "Kingfisher 8 defaults: NSCache-like memory (RAM/4, 300 s expiry extended on access, purged on memory warning), unlimited disk whose reads skip superseded requests, URL coalescing, serial processing queue, no background decode (or backgroundDecode), optional downsampling, no cancel on reuse, one-shot prefetchers 5 wide.",
            source: "onevcat/Kingfisher 8.11.0 (kf.setImage, ImageCache, ImageDownloader, ImageDataProcessor, DownsamplingImageProcessor, ImagePrefetcher).",
            parameters: [
                StrategyParameter(name: "memoryCacheMB", defaultValue: "physicalMemory / 4",
                                  summary: "Memory cache cost limit in MB (an integer from 1 to 65536); Kingfisher's "
                                      + "default is the device's physicalMemory / 4 (1441.5 MB on the default iPhone 14 Pro)."),
                StrategyParameter(name: "downsample", defaultValue: "false",
                                  summary: "DownsamplingImageProcessor to the cell's size with .scaleFactor and .cacheOriginalImage (thumbnail in memory and on disk, original data on disk)."),
                StrategyParameter(name: "backgroundDecode", defaultValue: "false",
                                  summary: "KingfisherOptionsInfo .backgroundDecode: decode on the processing queue (downloads) and the ioQueue (disk reads), not on the main thread."),
            ],
            make: { spec throws(StrategyConfigError) in
                var parameters = StrategyParameters(spec)
                var configuration = KingfisherStrategy.Configuration()
                configuration.memoryCacheMB = try parameters.integerIfPresent("memoryCacheMB", in: 1...65_536)
                configuration.isDownsampling = try parameters.bool("downsample", default: false)
                configuration.isBackgroundDecoding = try parameters.bool("backgroundDecode", default: false)
                try parameters.finish()
                return { [configuration] in KingfisherStrategy(environment: $0, configuration: configuration) }
            }),
        StrategyDescriptor(
            name: "sdwebimage",
            summary: "SDWebImage 5 defaults: unbounded NSCache-like memory (purged on memory warning), unlimited disk on a serial ioQueue, 6 downloads FIFO (or LIFO), coalescing where a joiner only adds its handlers, off-main force decode (or thumbnail decode) per operation, prefetcher 3 at low priority, cancel on reuse.",
            source: "SDWebImage/SDWebImage 5.21.5 (sd_setImage, SDImageCache, SDWebImageDownloader, SDWebImagePrefetcher).",
            parameters: [
                StrategyParameter(name: "memoryCacheMB", defaultValue: "0",
                                  summary: "SDImageCacheConfig.maxMemoryCost in MB (an integer from 0 to 65536); 0, SDWebImage's default, means no limit."),
                StrategyParameter(name: "downsample", defaultValue: "false",
                                  summary: "Request with the .imageThumbnailPixelSize context option set to the cell's pixel size (thumbnail decode, thumbnail cached in memory and on disk)."),
                StrategyParameter(name: "downloadOrder", defaultValue: "fifo",
                                  summary: "SDWebImageDownloaderConfig.executionOrder: \"fifo\" or \"lifo\" (every queued download waits for the newer ones)."),
            ],
            make: { spec throws(StrategyConfigError) in
                var parameters = StrategyParameters(spec)
                var configuration = SDWebImageStrategy.Configuration()
                configuration.memoryCacheMB = try parameters.integer("memoryCacheMB", default: 0, in: 0...65_536)
                configuration.isDownsampling = try parameters.bool("downsample", default: false)
                let order = try parameters.choice("downloadOrder", default: "fifo",
                                                  in: SDWebImageStrategy.DownloadOrder.allCases.map(\.rawValue))
                configuration.downloadOrder = SDWebImageStrategy.DownloadOrder(rawValue: order) ?? .fifo
                try parameters.finish()
                return { [configuration] in SDWebImageStrategy(environment: $0, configuration: configuration) }
            }),
        StrategyDescriptor(
            name: "nuke",
            summary: "Nuke 13 pipeline: CLOCK memory cache (entries of 10% or more refused), data cache, coalescing with the highest requester priority, rate limiter 80/s burst 25, 6 downloads, off-main decompression (or resize processor), prefetcher 2 at low priority, cancel on reuse.",
            source: "kean/Nuke 13.2.0 (ImagePipeline with DataCache, ImageCache, TaskQueue, RateLimiter, ImagePrefetcher, ImageProcessors.Resize).",
            parameters: [
                StrategyParameter(name: "memoryCacheMB", defaultValue: "min(15% of physicalMemory, 768)",
                                  summary: "Memory cache cost limit in MB (an integer from 1 to 65536); Nuke's default "
                                      + "is min(15% of the device's physicalMemory, 768 MB) (768 MB on the default iPhone 14 Pro)."),
                StrategyParameter(name: "downsample", defaultValue: "false",
                                  summary: "Request with ImageProcessors.Resize to the cell's size (aspect fill), cells and prefetcher alike: the resized image is cached in memory, the original data on disk."),
            ],
            make: { spec throws(StrategyConfigError) in
                var parameters = StrategyParameters(spec)
                let memoryCacheMB = try parameters.integerIfPresent("memoryCacheMB", in: 1...65_536)
                let isDownsampling = try parameters.bool("downsample", default: false)
                try parameters.finish()
                return { NukeStrategy(environment: $0, memoryCacheMB: memoryCacheMB, isDownsampling: isDownsampling) }
            }),
        StrategyDescriptor(
            name: "asset-store",
            summary: "AssetStore: byte-limited LRU memory cache with visible entries protected, file disk cache, bundled low-res placeholders shown at once, one shared request per asset with prefetch tokens handed to cells, prepareForDisplay off the main thread, one reconfigure per delivered image.",
            source: "Apple sample code \"Building high-performance lists and collection views\" (WWDC21 session 10252).",
            parameters: [
                StrategyParameter(name: "memoryCacheMB", defaultValue: "50", summary: "Memory cache limit in MiB of decoded images (visible entries may exceed it)."),
                StrategyParameter(name: "placeholderPixelSize", defaultValue: "64", summary: "Long side of the bundled low-resolution placeholders, pixels."),
            ],
            make: { spec throws(StrategyConfigError) in
                var parameters = StrategyParameters(spec)
                var configuration = AssetStoreStrategy.Configuration()
                configuration.memoryCacheMB = try parameters.number("memoryCacheMB", default: 50, in: 0.01...1_000_000)
                configuration.placeholderPixelSize = try parameters.integer("placeholderPixelSize", default: 64, in: 1...4096)
                try parameters.finish()
                return { [configuration] in AssetStoreStrategy(environment: $0, configuration: configuration) }
            }),
        StrategyDescriptor(
            name: "texture",
            summary: "Range controller: preload range (2.5 ahead / 1.5 behind) downloads and cancels-and-clears on exit, display range (1.0 / 0.5) draws undecoded images into node-sized backing stores off the main thread (cleared on exit), priority low/default/high by range, ranges follow the scroll direction; PINRemoteImage 10 downloads in 3 priority tiers; PINCache memory (data) unlimited (purged on warning), disk 50 MB.",
            source: "TextureGroup/Texture 3.2.0 (ASAbstractLayoutController.mm, ASRangeController.mm, ASNetworkImageNode.mm, ASPINRemoteImageDownloader.mm); pinterest/PINRemoteImage 3.0.4; pinterest/PINCache 3.0.4.",
            parameters: [
                StrategyParameter(name: "preloadLeadingScreens", defaultValue: "2.5", summary: "Full-mode preload range ahead of the viewport, screens."),
                StrategyParameter(name: "preloadTrailingScreens", defaultValue: "1.5", summary: "Full-mode preload range behind the viewport, screens."),
                StrategyParameter(name: "displayLeadingScreens", defaultValue: "1.0", summary: "Full-mode display (decode) range ahead of the viewport, screens."),
                StrategyParameter(name: "displayTrailingScreens", defaultValue: "0.5", summary: "Full-mode display (decode) range behind the viewport, screens."),
                StrategyParameter(name: "maxConcurrentDownloads", defaultValue: "10", summary: "PINRemoteImage downloads at once (its session allows UINT16_MAX connections per host)."),
                StrategyParameter(name: "diskCacheMB", defaultValue: "50", summary: "PINCache disk byte limit, MiB."),
            ],
            make: { spec throws(StrategyConfigError) in
                var parameters = StrategyParameters(spec)
                var configuration = TextureStrategy.Configuration()
                configuration.preloadLeadingScreens = try parameters.number("preloadLeadingScreens", default: 2.5, in: 0...100)
                configuration.preloadTrailingScreens = try parameters.number("preloadTrailingScreens", default: 1.5, in: 0...100)
                configuration.displayLeadingScreens = try parameters.number("displayLeadingScreens", default: 1.0, in: 0...100)
                configuration.displayTrailingScreens = try parameters.number("displayTrailingScreens", default: 0.5, in: 0...100)
                configuration.maxConcurrentDownloads = try parameters.integer("maxConcurrentDownloads", default: 10, in: 1...1000)
                configuration.diskCacheMB = try parameters.number("diskCacheMB", default: 50, in: 0.01...1_000_000)
                try parameters.finish()
                return { [configuration] in TextureStrategy(environment: $0, configuration: configuration) }
            }),
        StrategyDescriptor(
            name: "adaptive",
            summary: "Ours: learns latency, link rate, image size and decode time from its own request metrics "
                + "(no oracle); plans from the scroll (velocity, fling resting offset) with a velocity-aware horizon, "
                + "loads only what will be on screen long enough (resting items first), a bandwidth-delay number of "
                + "downloads in plan order, visible-first priorities raised on join, reference-counted cancellation, "
                + "downsampled decode off the main thread, LRU memory (visible protected) and disk caches, image sets "
                + "batched to at most one main block per frame.",
            source: "ScrollSim's own design from the catalogue's sources: Texture (range planning), Nuke and "
                + "PINRemoteImage (coalescing, priority raise, cancel when unwanted, PIN's 10 downloads on its own "
                + "session), WWDC18 session 219 (downsampling), Apple's asset store (protected visible entries), "
                + "URLSessionTaskMetrics (what it learns from).",
            parameters: [
                StrategyParameter(name: "memoryCacheMB", defaultValue: "100", summary: "Memory cache limit in MiB of downsampled bitmaps (visible entries may exceed it)."),
                StrategyParameter(name: "diskCacheMB", defaultValue: "150", summary: "Disk cache limit in MiB of downloaded data."),
                StrategyParameter(name: "minPrefetchScreens", defaultValue: "1", summary: "Smallest look-ahead, screens (the look-ahead at rest)."),
                StrategyParameter(name: "maxPrefetchScreens", defaultValue: "4", summary: "Largest look-ahead, screens."),
                StrategyParameter(name: "lookaheadLoads", defaultValue: "2", summary: "Look-ahead in expected load times at the current speed."),
                StrategyParameter(name: "maxSpeculativeLoads", defaultValue: "10",
                                  summary: "Downloads at once at most for the guess beyond where the scroll rests."),
                StrategyParameter(name: "maxDownloads", defaultValue: "10",
                                  summary: "Downloads in flight at most (its session's per-host connection limit)."),
                StrategyParameter(name: "keepScreens", defaultValue: "1",
                                  summary: "Screens beyond the viewport within which a dropped download is kept."),
                StrategyParameter(name: "cancelGraceSeconds", defaultValue: "0.5",
                                  summary: "Seconds a dropped download is kept before it is cancelled (not in a fling)."),
            ],
            make: { spec throws(StrategyConfigError) in
                var parameters = StrategyParameters(spec)
                var configuration = AdaptiveStrategy.Configuration()
                configuration.memoryCacheMB = try parameters.number("memoryCacheMB", default: 100, in: 0.01...1_000_000)
                configuration.diskCacheMB = try parameters.number("diskCacheMB", default: 150, in: 0.01...1_000_000)
                configuration.minPrefetchScreens = try parameters.number("minPrefetchScreens", default: 1, in: 0...10)
                configuration.maxPrefetchScreens = try parameters.number("maxPrefetchScreens", default: 4, in: 0...10)
                configuration.lookaheadLoads = try parameters.number("lookaheadLoads", default: 2, in: 0...100)
                configuration.maxSpeculativeLoads = try parameters.integer("maxSpeculativeLoads", default: 10,
                                                                           in: 0...1000)
                configuration.maxDownloads = try parameters.integer("maxDownloads", default: 10, in: 1...1000)
                configuration.keepScreens = try parameters.number("keepScreens", default: 1, in: 0...10)
                configuration.cancelGraceSeconds = try parameters.number("cancelGraceSeconds", default: 0.5, in: 0...60)
                try parameters.finish()
                return { [configuration] in AdaptiveStrategy(environment: $0, configuration: configuration) }
            }),
    ]

    /// The strategy named `name`, if built in.
    public static func descriptor(named name: String) -> StrategyDescriptor? {
        all.first { $0.name == name }
    }

    /// Builds the factory for a scenario's strategy entry.
    /// - Throws: `StrategyConfigError` for an unknown name (with a suggestion) or bad parameters.
    public static func makeFactory(_ spec: StrategySpec) throws(StrategyConfigError) -> StrategyFactory {
        try makeFactory(spec, from: all)
    }

    /// Builds the factory for a scenario's strategy entry from `descriptors` (the built-in ones
    /// plus a package's own, in order).
    /// - Throws: `StrategyConfigError` for an unknown name (with a suggestion) or bad parameters.
    public static func makeFactory(_ spec: StrategySpec, from descriptors: [StrategyDescriptor]) throws(StrategyConfigError) -> StrategyFactory {
        guard let descriptor = descriptors.first(where: { $0.name == spec.name }) else {
            let names = descriptors.map(\.name)
            let hint = Suggestion.closest(to: spec.name, among: names).map { "; did you mean '\($0)'?" }
                ?? "; \(descriptors.count == all.count ? "built-in strategies" : "strategies"): \(names.joined(separator: ", "))"
            throw StrategyConfigError(path: spec.path, message: "unknown strategy '\(spec.name)'\(hint)")
        }
        return try descriptor.make(spec)
    }
}
