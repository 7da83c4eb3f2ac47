extension NukeStrategy {
    /// The pipeline's disk layer (`diskCache`): which of Nuke 13.2.0's predefined configurations
    /// the app builds its pipeline with (`ImagePipeline+Configuration.swift`).
    enum DiskCache: String, Sendable, CaseIterable {
        /// `.withURLCache`, the plain `Configuration()` that `ImagePipeline.shared` is built with:
        /// no `DataCache`; `DataLoader`'s session keeps responses in `DataLoader.sharedUrlCache`
        /// (the session's HTTP cache, docs/model.md, Resources), so a memory miss always goes
        /// through the rate limiter and `dataLoadingQueue`, and URLSession answers from disk or
        /// from the network.
        case urlCache
        /// `.withDataCache`: an aggressive LRU `DataCache` of 150 MB read before any network work,
        /// and `URLCache` off (the performance guide's "Aggressive Disk Cache (Optional)").
        case dataCache
    }
}
