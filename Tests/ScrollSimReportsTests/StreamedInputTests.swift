import Foundation
import ScrollSimCore
@testable import ScrollSimReports
import ScrollSimTestSupport
import Testing

/// Files read a chunk at a time give exactly what the whole file gives: the same CSV records and
/// the same first error (`CSVReader.Chunks` against `CSVReader.records`, chunks of every size), the
/// same request-trace columns and errors (`RequestTrace.Scanner` fed pieces against
/// `RequestTrace.parse`), and the same replays (`RequestTraceFile.replay`, streamed, against
/// `CacheReplay.replay` of the parsed trace), for files of several 1 MiB chunks.
@Suite struct StreamedInputTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// A deterministic generator for the splits and the data (SplitMix64).
    struct Splits {
        /// The state.
        var state: UInt64
        /// The next value below `bound`.
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// The records (or the error) of `bytes` handed over in pieces: of `size` bytes, or of random
    /// sizes from 1 to 9 when `size` is 0.
    static func chunked(_ bytes: [UInt8], size: Int, seed: UInt64) -> Result<[CSVReader.Record], InputError> {
        var chunks = CSVReader.Chunks(file: "f.csv")
        var records: [CSVReader.Record] = []
        var splits = Splits(state: seed)
        do throws(InputError) {
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + (size > 0 ? size : 1 + splits.next(9)))
                try chunks.add(bytes[start..<end]) { records.append($0) }
                start = end
            }
            try chunks.finish { records.append($0) }
            return .success(records)
        } catch {
            return .failure(error)
        }
    }

    /// The records (or the error) of the whole of `bytes`.
    static func whole(_ bytes: [UInt8]) -> Result<[CSVReader.Record], InputError> {
        Result { () throws(InputError) in try CSVReader.records(bytes, file: "f.csv") }
    }

    /// Texts with every kind of record and of error, at every place a chunk can end.
    static let csvTexts: [String] = [
        "\u{FEFF}a,b,c\r\n1,\"x, \"\"y\"\"\",z\r\n\"multi\nline\r\nfield\",2,3\n\n,,\nlast,\"é\",ü",
        "a,b\n\"open\n1,2\n",  // a quote left open
        "a,b\n1,2\nx\"y,3\n",  // a quote inside an unquoted field
        "a,b\n\"q\"x,1\n",  // text after a closing quote
        "a,b\n1,2\n3,\u{FFFD}\n",
        "\u{FEFF}\u{FEFF}a\n",  // a second byte order mark is a field's text
        "a,b\r",
        "\"a\"\r\n\"b\"\r",
        "",
        "\n",
    ]

    @Test("CSV records and errors are the same whatever the chunks (1 byte, 2, 3, 7, 64, random)")
    func csvChunks() {
        var inputs = Self.csvTexts.map { Array($0.utf8) }
        inputs.append(Array("a,b\n1,".utf8) + [0xFF, 0x0A] + Array("2,3\n".utf8))  // invalid UTF-8 at line 2
        inputs.append(Array("a\n\"x\ny".utf8) + [0xC3] + Array("\",1\n".utf8))  // inside a quoted field, line 3
        for bytes in inputs {
            let expected = Self.whole(bytes)
            for size in [1, 2, 3, 7, 64, 0] {
                for seed: UInt64 in size == 0 ? [1, 2, 3, 4, 5] : [0] {
                    let result = Self.chunked(bytes, size: size, seed: seed)
                    #expect(result == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription) in \(size)")
                }
            }
        }
        #expect(Self.whole(inputs[inputs.count - 2])
                == .failure(InputError(.invalid, file: "f.csv", at: .line(2), "not valid UTF-8 text")))
        #expect(Self.whole(inputs[inputs.count - 1])
                == .failure(InputError(.invalid, file: "f.csv", at: .line(3), "not valid UTF-8 text")))
    }

    @Test("a summary, a shard and a per-frame CSV of several MiB read from their files as from their bytes")
    func csvFiles() throws {
        var text = "\u{FEFF}a,b,c\n"
        var splits = Splits(state: 9)
        while text.utf8.count < 3 << 20 {
            let quoted = splits.next(4) == 0 ? "\"q\n\"\",\r\n\(splits.next(1000))\"" : "\(splits.next(1 << 20))"
            text += "\(splits.next(100)),\(quoted),\(String(repeating: "x", count: splits.next(300)))"
                + (splits.next(3) == 0 ? "\r\n" : "\n")
        }
        let path = try write("big.csv", text)
        var streamed: [CSVReader.Record] = []
        try CSVReader.forEachRecord(atPath: path) { streamed.append($0) }
        let whole = try CSVReader.records(Array(text.utf8), file: path)
        #expect(whole.count > 10_000)
        #expect(streamed == whole)
    }

    /// A request trace of `count` lines: small and large ids (the table and the dictionary), sizes
    /// up to 10^6, leading zeros now and then (the careful path), CRLF now and then.
    static func traceText(count: Int, seed: UInt64) -> String {
        var splits = Splits(state: seed)
        var text = "\u{FEFF}id,size\n"
        text.reserveCapacity(16 * count)
        for _ in 0..<count {
            let id = splits.next(5) == 0 ? (1 << 40) + splits.next(500) : splits.next(3000)
            let size = 1 + splits.next(1_000_000)
            text += (splits.next(50) == 0 ? "00" : "") + "\(id),\(size)" + (splits.next(7) == 0 ? "\r\n" : "\n")
        }
        return text
    }

    /// The columns (or the error) of `bytes` scanned in pieces of random sizes from 1 to `maximum`.
    static func scanned(_ bytes: [UInt8], maximum: Int, seed: UInt64) -> Result<RequestTrace, InputError> {
        var scanner = RequestTrace.Scanner(file: "t.csv")
        var splits = Splits(state: seed)
        var pending: [UInt8] = []
        var ids: [Int] = [], sizes: [Int64] = []
        var start = 0
        while true {
            let end = min(bytes.count, start + 1 + splits.next(maximum))
            pending += bytes[start..<end]
            start = end
            let isFinal = start == bytes.count
            var columns = RequestTrace.Columns()
            let result = pending.withUnsafeBufferPointer { scanner.scan($0, isFinal: isFinal, into: &columns) }
            switch result {
            case .success(let consumed): pending.removeFirst(consumed)
            case .failure(let error): return .failure(error)
            }
            ids += columns.ids
            sizes += columns.sizes
            if isFinal { break }
        }
        return .success(RequestTrace(requests: zip(ids, sizes).map { (id: $0, size: $1) }))
    }

    @Test("a request trace scanned in pieces gives the whole file's requests, or its error at the same line")
    func traceScanner() {
        var texts = [Self.traceText(count: 2000, seed: 1), "id,size", "id,size\n", "", "\n", "id,siz\n1,1\n",
                     "id,size\n1,2\n3,x\n4,5\n", "id,size\n1,2\r\n\r\n", "id,size\n7,9223372036854775807\n1,1\n",
                     "id,size\n1,2\n3,4"]
        texts.append(Self.traceText(count: 300, seed: 2) + "12,-3\n")
        for text in texts {
            let bytes = Array(text.utf8)
            let whole = Result { () throws(InputError) in try RequestTrace.parse(utf8: bytes, file: "t.csv") }
            for (maximum, seed) in [(1, 1), (3, 2), (16, 3), (300, 4), (5000, 5)] as [(Int, UInt64)] {
                #expect(Self.scanned(bytes, maximum: maximum, seed: seed) == whole, "\(text.prefix(40)) / \(maximum)")
            }
        }
    }

    @Test("cache-replay streamed from a file of several MiB replays as the parsed trace (p% read once/twice, FIFO)")
    func streamedReplay() throws {
        let text = Self.traceText(count: 400_000, seed: 3)
        #expect(text.utf8.count > 3 << 20)
        let path = try write("trace.csv", text)
        let trace = try RequestTrace.parse(utf8: Array(text.utf8), file: path)
        let capacities = ["0", "1000000", "50000000", "1%", "12.5%", "100%"].compactMap(CacheCapacity.init)
        let policies = CacheIndex.Policy.allCases
        let expected = policies.flatMap { policy in
            capacities.map { CacheReplay.replay(trace, policy: policy,
                                                capacity: $0.resolved(distinctBytes: trace.distinctBytes)) }
        }
        let streamed = try RequestTraceFile.replay(path, policies: policies, capacities: capacities)
        #expect(streamed.distinctBytes == trace.distinctBytes)
        #expect(streamed.results == expected)
        // Read twice (the file is over the read-once size) instead of once with its requests kept.
        let twice = try RequestTraceFile.replay(path, policies: policies, capacities: capacities, readOnceBytes: 0)
        #expect(twice.distinctBytes == trace.distinctBytes)
        #expect(twice.results == expected)
        let absolute = try RequestTraceFile.replay(path, policies: [.lru], capacities: [capacities[1]])
        #expect(absolute.results == [expected[1]])
        #expect(absolute.distinctBytes == trace.distinctBytes)
        #if os(Linux) || os(macOS)
        // A FIFO cannot be read twice: its requests are kept as numbers for a p% capacity.
        let fifo = directory + "/trace.fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "exec timeout 20 cat \"$0\" > \"$1\"", path, fifo]
        try writer.run()
        let piped = try RequestTraceFile.replay(fifo, policies: [.fifo, .clock], capacities: [capacities[4]])
        writer.waitUntilExit()
        #expect(piped.results == [expected[10], expected[16]])
        #endif
    }
}
