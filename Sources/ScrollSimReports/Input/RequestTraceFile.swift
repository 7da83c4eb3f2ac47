import ScrollSimCore

/// A request trace read from its file a chunk at a time (`InputFile.forEachChunk`, within
/// `InputLimit.csv`) and parsed as it comes (`RequestTrace.Scanner`, the one trace parser): the
/// text is never held whole, so `cache-replay` of a 2 GiB trace costs memory for its distinct
/// objects and caches, not for its requests.
public enum RequestTraceFile {
    /// Calls `body` with the requests of each chunk of the trace at `path`, in order.
    /// - Throws: `InputError`: `InputFile`'s reasons, or the first bad line (`RequestTrace.parse`'s
    ///   rules and messages).
    public static func forEachChunk(_ path: String, _ body: (RequestTrace.Columns) -> Void) throws(InputError) {
        var scanner = RequestTrace.Scanner(file: path)
        var pending: [UInt8] = []
        var columns = RequestTrace.Columns()
        func take(isFinal: Bool) throws(InputError) {
            columns.removeAll()
            let result = pending.withUnsafeBufferPointer { scanner.scan($0, isFinal: isFinal, into: &columns) }
            switch result {
            case .success(let consumed): pending.removeFirst(consumed)
            case .failure(let error): throw error
            }
            if !columns.ids.isEmpty { body(columns) }
        }
        try InputFile.forEachChunk(path, limit: .csv) { (chunk) throws(InputError) in
            pending.append(contentsOf: chunk)
            try take(isFinal: false)
        }
        try take(isFinal: true)
    }

    /// The replays of the trace at `path` through a cache of each policy and capacity (policies
    /// then capacities, in order), with the distinct objects' bytes (the base of `p%`).
    ///
    /// With absolute capacities only, one pass replays each chunk's requests as they come. A
    /// percentage needs the distinct bytes first: a regular file is read twice (the objects
    /// numbered on the first pass, replayed on the second; a file that changes in between is
    /// refused); a pipe, which cannot be read twice, and a regular file of at most `readOnceBytes`
    /// (default 8 MiB, where a second read and parse would cost more than the numbers) keep each
    /// request's object number and size (12 bytes a request, never the text).
    /// - Throws: `InputError` (see `forEachChunk`).
    public static func replay(_ path: String, policies: [CacheIndex.Policy], capacities: [CacheCapacity],
                              readOnceBytes: Int = 8 << 20)
        throws(InputError) -> (results: [CacheReplayResult], distinctBytes: Int64) {
        let needsDistinctBytes = capacities.contains { capacity in
            if case .percent = capacity { return true }
            return false
        }
        var numbering = RequestTraceNumbering()
        func replayers(distinctBytes: Int64) -> [CacheReplayer] {
            policies.flatMap { policy in
                capacities.map { CacheReplayer(policy: policy, capacity: $0.resolved(distinctBytes: distinctBytes),
                                               expectedObjects: numbering.objectCount) }
            }
        }
        // The object numbers of the requests at hand (a chunk's, or every request's when kept).
        var objects: [Int32] = []
        func replayChunks(through replayers: inout [CacheReplayer]) throws(InputError) {
            try forEachChunk(path) { columns in
                objects.removeAll(keepingCapacity: true)
                Self.number(columns, with: &numbering, into: &objects)
                Self.replay(objects, sizes: columns.sizes, through: &replayers)
            }
        }
        guard needsDistinctBytes else {
            var all = replayers(distinctBytes: 0)
            try replayChunks(through: &all)
            return (all.map(\.result), numbering.distinctBytes)
        }
        // A first pass numbers the objects (their distinct bytes); a pipe or a small file keeps
        // every request's object and size for the replay, a larger file is read again.
        let keepsRequests = InputFile.regularFileSize(path).map({ $0 > readOnceBytes }) != true
        var sizes: [Int64] = []
        var requests = 0
        try forEachChunk(path) { columns in
            if keepsRequests {
                sizes += columns.sizes
            } else {
                objects.removeAll(keepingCapacity: true)
            }
            Self.number(columns, with: &numbering, into: &objects)
            requests += columns.ids.count
        }
        let distinctBytes = numbering.distinctBytes
        var all = replayers(distinctBytes: distinctBytes)
        guard !keepsRequests else {
            Self.replay(objects, sizes: sizes, through: &all)
            return (all.map(\.result), distinctBytes)
        }
        try replayChunks(through: &all)
        if numbering.distinctBytes != distinctBytes || all.first.map({ $0.requests != requests }) == true {
            throw InputError(.invalid, file: path, "the file changed while it was read twice (once for the "
                             + "distinct bytes of a p% capacity, once to replay); replay a file that is not written to")
        }
        return (all.map(\.result), distinctBytes)
    }

    /// Appends the object number of each request in `columns` to `objects` (numbered by `numbering`).
    private static func number(_ columns: RequestTrace.Columns, with numbering: inout RequestTraceNumbering,
                               into objects: inout [Int32]) {
        for index in columns.ids.indices {
            objects.append(numbering.object(id: columns.ids[index], size: columns.sizes[index]))
        }
    }

    /// Replays the requests (object `objects[i]` of `sizes[i]` bytes) through each of `replayers`,
    /// one cache at a time over all of them: the same counts as request by request.
    private static func replay(_ objects: [Int32], sizes: [Int64], through replayers: inout [CacheReplayer]) {
        for replayer in replayers.indices {
            for index in objects.indices {
                _ = replayers[replayer].request(Int(objects[index]), size: sizes[index])
            }
        }
    }
}
