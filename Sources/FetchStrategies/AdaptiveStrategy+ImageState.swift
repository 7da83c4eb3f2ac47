extension AdaptiveStrategy {
    /// What the strategy keeps per image id, in one `PagedSlotTable` entry so that a plan's candidate
    /// costs one lookup (these were five tables). 16 bytes (32-bit fields: four entries a cache
    /// line, not two, in the table every candidate reads).
    struct ImageState {
        /// Stamp of the plan or pass that last marked the image (`seen`, `wanted`, a flush's
        /// delivered images): a mark is a write, and clearing every mark is one new stamp
        /// (`nextGeneration()`, which clears the marks themselves once in 2³¹ − 1 stamps, before a
        /// stamp could repeat).
        var mark: Int32 = 0
        /// Position of the image's first candidate in the current reconcile (−1: left out, its
        /// image cached), meaningful only while `mark` is this reconcile's `seen`; in a flush, the
        /// position of its first decoded image in `pending`, while `mark` is the flush's stamp.
        var candidateIndex: Int32 = 0
        /// Position of the image's load in flight in `activeLoads` (−1: none).
        var activeSlot: Int32 = -1
        /// Whether the image was ever stored in the memory cache: an image never stored is not
        /// there, and the plan asks the cache (a hash lookup) only about the others.
        var wasInMemory = false
        /// Whether the disk cache holds the image: set by each insertion (false when refused),
        /// cleared for each key the insertion evicts (the strategy's own index changes only there),
        /// so a plan reads a flag instead of looking the index up.
        var isOnDisk = false
        /// Whether `retryNotBefore` holds a time for the image (the pump reads the table only then).
        var hasRetryTime = false
    }
}
