extension NukeStrategy {
    /// `nuke` in the catalogue, with its parameters.
    static let descriptor = StrategyDescriptor(
        name: "nuke",
        summary: "Nuke 13 pipeline: CLOCK memory cache (entries of 10% or more refused), data cache, coalescing with "
            + "the highest requester priority, rate limiter 80/s burst 25, 6 downloads, off-main decompression (or "
            + "resize processor), prefetcher 2 at low priority, cancel on reuse.",
        source: "kean/Nuke 13.2.0 (ImagePipeline with DataCache, ImageCache, TaskQueue, RateLimiter, ImagePrefetcher, "
            + "ImageProcessors.Resize).",
        parameters: [
            .integer("memoryCacheMB", computedDefault: "min(15% of physicalMemory, 768)", in: 1...65_536,
                     "Memory cache cost limit in MB; Nuke's default is min(15% of the device's physicalMemory, "
                         + "768 MB) (768 MB on the default iPhone 14 Pro)."),
            .boolean("downsample", default: false,
                     "Request with ImageProcessors.Resize to the cell's size (aspect fill), cells and prefetcher "
                         + "alike: the resized image is cached in memory, the original data on disk."),
        ],
        make: { parameters in
            let memoryCacheMB = parameters.integerIfPresent("memoryCacheMB")
            let isDownsampling = parameters.bool("downsample")
            return { NukeStrategy(environment: $0, memoryCacheMB: memoryCacheMB, isDownsampling: isDownsampling) }
        })
}
