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
        var objects: [Int] = []
        func replay(_ columns: RequestTrace.Columns, through replayers: inout [CacheReplayer]) {
            objects.removeAll(keepingCapacity: true)
            for index in columns.ids.indices {
                objects.append(Int(numbering.object(id: columns.ids[index], size: columns.sizes[index])))
            }
            for replayer in replayers.indices {  // one cache at a time over the chunk: the same counts
                for index in objects.indices {
                    _ = replayers[replayer].request(objects[index], size: columns.sizes[index])
                }
            }
        }
        guard needsDistinctBytes else {
            var all = replayers(distinctBytes: 0)
            try forEachChunk(path) { replay($0, through: &all) }
            return (all.map(\.result), numbering.distinctBytes)
        }
        guard InputFile.regularFileSize(path).map({ $0 > readOnceBytes }) == true else {
            var kept: (objects: [Int32], sizes: [Int64]) = ([], [])
            try forEachChunk(path) { columns in
                for index in columns.ids.indices {
                    kept.objects.append(numbering.object(id: columns.ids[index], size: columns.sizes[index]))
                }
                kept.sizes += columns.sizes
            }
            var all = replayers(distinctBytes: numbering.distinctBytes)
            for replayer in all.indices {
                for index in kept.objects.indices {
                    _ = all[replayer].request(Int(kept.objects[index]), size: kept.sizes[index])
                }
            }
            return (all.map(\.result), numbering.distinctBytes)
        }
        var requests = 0
        try forEachChunk(path) { columns in
            for index in columns.ids.indices {
                _ = numbering.object(id: columns.ids[index], size: columns.sizes[index])
            }
            requests += columns.ids.count
        }
        let distinctBytes = numbering.distinctBytes
        var all = replayers(distinctBytes: distinctBytes)
        try forEachChunk(path) { replay($0, through: &all) }
        if numbering.distinctBytes != distinctBytes || all.first.map({ $0.requests != requests }) == true {
            throw InputError(.invalid, file: path, "the file changed while it was read twice (once for the "
                             + "distinct bytes of a p% capacity, once to replay); replay a file that is not written to")
        }
        return (all.map(\.result), distinctBytes)
    }
}
