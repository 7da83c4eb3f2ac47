extension KingfisherStrategy {
    /// `kingfisher` in the catalogue, with its parameters (defaults from `Configuration`).
    static let descriptor = StrategyDescriptor(
        name: "kingfisher",
        summary: "Kingfisher 8 defaults: NSCache-like memory (RAM/4, 300 s expiry extended on access, purged on "
            + "memory warning), unlimited disk whose reads skip superseded requests, URL coalescing, serial "
            + "processing queue, no background decode (or backgroundDecode), optional downsampling, no cancel on "
            + "reuse, one-shot prefetchers 5 wide.",
        source: "onevcat/Kingfisher 8.11.0 (kf.setImage, ImageCache, ImageDownloader, ImageDataProcessor, "
            + "DownsamplingImageProcessor, ImagePrefetcher).",
        parameters: [
            .integer("memoryCacheMB", computedDefault: "physicalMemory / 4", in: 1...65_536,
                     "Memory cache cost limit in MB; Kingfisher's default is the device's physicalMemory / 4 "
                         + "(1441.5 MB on the default iPhone 14 Pro)."),
            .boolean("downsample", default: Configuration().isDownsampling,
                     "DownsamplingImageProcessor to the cell's size with .scaleFactor and .cacheOriginalImage "
                         + "(thumbnail in memory and on disk, original data on disk)."),
            .boolean("backgroundDecode", default: Configuration().isBackgroundDecoding,
                     "KingfisherOptionsInfo .backgroundDecode: decode on the processing queue (downloads) and the "
                         + "ioQueue (disk reads), not on the main thread."),
        ],
        make: { parameters in
            var configuration = Configuration()
            configuration.memoryCacheMB = parameters.integerIfPresent("memoryCacheMB")
            configuration.isDownsampling = parameters.bool("downsample")
            configuration.isBackgroundDecoding = parameters.bool("backgroundDecode")
            return { [configuration] in KingfisherStrategy(environment: $0, configuration: configuration) }
        })
}
