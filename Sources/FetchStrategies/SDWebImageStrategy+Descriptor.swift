extension SDWebImageStrategy {
    /// `sdwebimage` in the catalogue, with its parameters (defaults from `Configuration`).
    static let descriptor = StrategyDescriptor(
        name: "sdwebimage",
        summary: "SDWebImage 5 defaults: unbounded NSCache-like memory (purged on memory warning), unlimited disk on "
            + "a serial ioQueue, 6 downloads FIFO (or LIFO), coalescing where a joiner only adds its handlers, "
            + "off-main force decode (or thumbnail decode) per operation, prefetcher 3 at low priority, cancel on "
            + "reuse.",
        source: "SDWebImage/SDWebImage 5.21.5 (sd_setImage, SDImageCache, SDWebImageDownloader, "
            + "SDWebImagePrefetcher).",
        parameters: [
            .integer("memoryCacheMB", default: Configuration().memoryCacheMB, in: 0...65_536,
                     "SDImageCacheConfig.maxMemoryCost in MB; 0, SDWebImage's default, means no limit."),
            .boolean("downsample", default: Configuration().isDownsampling,
                     "Request with the .imageThumbnailPixelSize context option set to the cell's pixel size "
                         + "(thumbnail decode, thumbnail cached in memory and on disk)."),
            .choice("downloadOrder", default: Configuration().downloadOrder,
                    "SDWebImageDownloaderConfig.executionOrder (lifo: every queued download waits for the newer "
                        + "ones)."),
        ],
        make: { parameters in
            var configuration = Configuration()
            configuration.memoryCacheMB = parameters.integer("memoryCacheMB")
            configuration.isDownsampling = parameters.bool("downsample")
            configuration.downloadOrder = parameters.choice("downloadOrder", as: DownloadOrder.self)
            return { [configuration] in SDWebImageStrategy(environment: $0, configuration: configuration) }
        })
}
