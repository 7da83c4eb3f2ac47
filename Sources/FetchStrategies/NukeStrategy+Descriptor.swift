extension NukeStrategy {
    /// `nuke` in the catalogue, with its parameters.
    static let descriptor = StrategyDescriptor(
        name: "nuke",
        summary: "Nuke 13's shared pipeline: CLOCK memory cache (entries of 10% or more refused), URLCache disk "
            + "reads behind the rate limiter and the data-loading queue (or an aggressive DataCache), coalescing "
            + "with the highest requester priority, rate limiter 80/s burst 25, 6 data loads, off-main "
            + "decompression (or resize processor), prefetcher 2 at low priority, cancel on reuse, a cancelled "
            + "download's bytes kept and the rest asked for with Range (resumable data).",
        source: "kean/Nuke 13.2.0 (ImagePipeline.shared with URLCache or DataCache, ImageCache, TaskQueue, "
            + "RateLimiter, ImagePrefetcher, ImageProcessors.Resize, ResumableData).",
        parameters: [
            .integer("memoryCacheMB", computedDefault: "min(15% of physicalMemory, 768)", in: 1...65_536,
                     "Memory cache cost limit in MB; Nuke's default is min(15% of the device's physicalMemory, "
                         + "768 MB) (768 MB on the default iPhone 14 Pro)."),
            .boolean("downsample", default: false,
                     "Request with ImageProcessors.Resize to the cell's size (aspect fill), cells and prefetcher "
                         + "alike: the resized image is cached in memory, the original data on disk."),
            .choice("diskCache", default: DiskCache.urlCache,
                    "The pipeline's configuration: urlCache (.withURLCache, what ImagePipeline.shared uses: "
                        + "URLSession's 150 MB HTTP cache, read inside a data task behind the rate limiter and "
                        + "the data-loading queue) or dataCache (.withDataCache: a 150 MB DataCache read before "
                        + "any network work, URLCache off)."),
        ],
        make: { parameters in
            let memoryCacheMB = parameters.integerIfPresent("memoryCacheMB")
            let isDownsampling = parameters.bool("downsample")
            let diskCache = parameters.choice("diskCache", as: DiskCache.self)
            return {
                NukeStrategy(environment: $0, memoryCacheMB: memoryCacheMB, isDownsampling: isDownsampling,
                             diskCache: diskCache)
            }
        })
}
