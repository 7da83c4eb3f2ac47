/// A cache request trace: the `id,size` CSV that `scrollsim cache-replay` reads and
/// `scrollsim run --requests` writes, parsed straight from its bytes.
///
/// Format: a header line `id,size`, then one request per line, `<id>,<size>`, in request order.
/// Ids are integers from 0 to `Int.max` (string keys must be mapped to integers first: the parser
/// never hashes text, which keeps it fast); sizes are integers from 1 to `Int64.max`, in bytes or
/// 1 to count objects. Lines end with `\n` or `\r\n`; the last one may lack it; a UTF-8 byte-order
/// mark before the header is skipped. Nothing else is allowed: no spaces, no signs, no empty
/// lines, no quoting. A header without requests is a valid, empty trace.
///
/// Parsing is one pass over the bytes with hand-written digit loops (no `String` per line, no
/// splitting); only a line that fails the fast path is looked at again, to say exactly what is
/// wrong with it. Objects are then numbered densely by first appearance (`objects`), through a
/// direct table when the ids are small and a dictionary otherwise, so a replay never hashes an
/// original id.
public struct RequestTrace: Sendable, Equatable {
    /// The header line, without its line break.
    public static let header = "id,size"

    /// Each request's object: its dense index, 0..<`objectCount`, numbered by first appearance.
    public private(set) var objects: [Int32]
    /// Each request's size (bytes, or 1 for object counts).
    public private(set) var sizes: [Int64]
    /// Each object's id as written in the trace, by dense index.
    public private(set) var ids: [Int]
    /// Sum of every request's size.
    public private(set) var requestBytes: Int64
    /// Sum of each distinct object's size at its first request (the base of `p%` capacities).
    public private(set) var distinctBytes: Int64

    /// Number of requests.
    public var count: Int { objects.count }
    /// Number of distinct objects.
    public var objectCount: Int { ids.count }

    /// A trace of `requests` (id, size) in order, for tests and programmatic use.
    /// - Precondition: ids ≥ 0, sizes ≥ 1, sums within `Int64`.
    public init(requests: [(id: Int, size: Int64)]) {
        precondition(requests.allSatisfy { $0.id >= 0 && $0.size >= 1 }, "ids must be ≥ 0 and sizes ≥ 1")
        self.init(rawIDs: requests.map(\.id), sizes: requests.map(\.size),
                  maximumID: requests.map(\.id).max() ?? 0)
    }

    /// Numbers the objects of `rawIDs` densely by first appearance and sums the sizes.
    /// - Precondition: the sums fit in `Int64` (the parser checks before calling).
    init(rawIDs: [Int], sizes: [Int64], maximumID: Int) {
        var objects = [Int32](repeating: 0, count: rawIDs.count)
        var ids: [Int] = []
        var distinctBytes: Int64 = 0
        var requestBytes: Int64 = 0
        for size in sizes { requestBytes += size }
        // A direct table when ids are small (at most 4 slots per request, or 2^20), else a dictionary.
        if maximumID < max(1 << 20, 4 * rawIDs.count) {
            var table = [Int32](repeating: -1, count: maximumID + 1)
            for index in rawIDs.indices {
                let id = rawIDs[index]
                var object = table[id]
                if object < 0 {
                    object = Int32(ids.count)
                    table[id] = object
                    ids.append(id)
                    distinctBytes += sizes[index]
                }
                objects[index] = object
            }
        } else {
            var table: [Int: Int32] = [:]
            table.reserveCapacity(min(rawIDs.count, 1 << 24))
            for index in rawIDs.indices {
                let id = rawIDs[index]
                let next = Int32(ids.count)
                let object = table[id, default: next]
                if object == next {
                    table[id] = object
                    ids.append(id)
                    distinctBytes += sizes[index]
                }
                objects[index] = object
            }
        }
        self.objects = objects
        self.sizes = sizes
        self.ids = ids
        self.requestBytes = requestBytes
        self.distinctBytes = distinctBytes
    }

    /// Parses a trace file's bytes; `file` names it in errors.
    /// - Throws: `InputError` for the first bad line: an empty file, a missing header, a
    ///   line without exactly two fields, an id or size that is not an integer in its range, or
    ///   sizes whose sum exceeds `Int64.max`.
    /// - Complexity: O(bytes + requests).
    public static func parse(utf8 bytes: [UInt8], file: String) throws(InputError) -> RequestTrace {
        var scanner = Scanner(file: file)
        var columns = Columns()
        let estimate = bytes.count / 6 + 1  // shortest line "0,1\n" is 4 bytes; typical ones are longer
        columns.ids.reserveCapacity(estimate)
        columns.sizes.reserveCapacity(estimate)
        let parsed = bytes.withUnsafeBufferPointer { buffer in scanner.scan(buffer, isFinal: true, into: &columns) }
        if case .failure(let error) = parsed { throw error }
        return RequestTrace(rawIDs: columns.ids, sizes: columns.sizes, maximumID: columns.maximumID)
    }

    /// The columns of a well-formed trace, or of the lines of one chunk of it.
    public struct Columns: Sendable {
        /// Each request's id.
        public internal(set) var ids: [Int] = []
        /// Each request's size.
        public internal(set) var sizes: [Int64] = []
        /// The largest id.
        public internal(set) var maximumID = 0

        /// No requests.
        public init() {}

        /// Empties the columns, keeping their storage.
        public mutating func removeAll() {
            ids.removeAll(keepingCapacity: true)
            sizes.removeAll(keepingCapacity: true)
        }
    }

    /// The one parser of request traces, a chunk at a time: it keeps the line number, whether the
    /// header was read and the sum of the sizes so far, so a trace read 1 MiB at a time
    /// (`cache-replay`) is parsed exactly as the whole file would be, in memory bounded by one line.
    public struct Scanner: Sendable {
        /// The file, for errors.
        public let file: String
        /// The lines read so far (the header included).
        var line = 0
        /// The sum of the sizes so far.
        public private(set) var total: Int64 = 0

        /// A scanner at the start of `file`.
        public init(file: String) {
            self.file = file
        }

        /// Appends to `columns` the requests of the lines `bytes` finish (every line, the last one
        /// unfinished included, when `isFinal`); the header line first, once.
        /// - Returns: how many bytes those lines took (the rest starts the next call's bytes), or the
        ///   first bad line's error.
        public mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool,
                                  into columns: inout Columns) -> Result<Int, InputError> {
            var end = bytes.count
            if !isFinal {  // only whole lines: up to the last line feed
                while end > 0 && bytes[end - 1] != UInt8(ascii: "\n") { end -= 1 }
            }
            var position = 0
            if line == 0 {
                guard end > 0 || isFinal else { return .success(0) }  // the header is not whole yet
                switch RequestTrace.header(bytes, end: end, file: file) {
                case .success(let headerEnd): position = headerEnd
                case .failure(let error): return .failure(error)
                }
                line = 1
            }
            let result = RequestTrace.scan(bytes, from: position, to: end, line: &line, total: &total, file: file,
                                           into: &columns)
            return result.map { end }
        }
    }

    /// Checks the header line of `bytes` (up to `end`); returns where the requests start.
    static func header(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, file: String) -> Result<Int, InputError> {
        guard end > 0 else {
            return .failure(InputError(.invalid, file: file, at: .line(1),
                                       "empty file; expected the header '\(header)' on the first line"))
        }
        var position = 0
        if end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }  // UTF-8 BOM
        let headerEnd = lineEnd(bytes, from: position, to: end)
        let headerText = text(bytes, position, contentEnd(bytes, position, headerEnd))
        guard headerText == header else {
            return .failure(InputError(
                .invalid, file: file, at: .line(1),
                "missing header: the first line must be '\(header)', found \(quoted(headerText))"))
        }
        return .success(headerEnd < end ? headerEnd + 1 : end)
    }

    /// The fast pass over `bytes[position..<end]` (whole lines, the last one maybe without its line
    /// feed): reads `<digits>,<digits>` lines, counting `line` and summing `total`. Any deviation
    /// hands the line to `diagnose`, which says what is wrong.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, line: inout Int,
                     total: inout Int64, file: String, into columns: inout Columns) -> Result<Void, InputError> {
        var position = start
        var maximumID = columns.maximumID

        let zero = UInt8(ascii: "0"), comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        while position < end {
            line += 1
            let lineStart = position
            // id: 1...18 digits never overflow; longer ones go to the careful path.
            var id = 0
            var digits = 0
            while position < end {
                let digit = bytes[position] &- zero
                if digit > 9 { break }
                id = id &* 10 &+ Int(digit)
                digits += 1
                position += 1
            }
            var isValid = digits > 0 && digits <= 18 && position < end && bytes[position] == comma
            var size: Int64 = 0
            if isValid {
                position += 1
                digits = 0
                while position < end {
                    let digit = bytes[position] &- zero
                    if digit > 9 { break }
                    size = size &* 10 &+ Int64(digit)
                    digits += 1
                    position += 1
                }
                isValid = digits > 0 && digits <= 18 && size > 0
                if isValid && position < end {
                    if bytes[position] == newline {
                        position += 1
                    } else if bytes[position] == cr && position + 1 < end && bytes[position + 1] == newline {
                        position += 2
                    } else {
                        isValid = false
                    }
                }
            }
            if !isValid {
                let lineStop = lineEnd(bytes, from: lineStart, to: end)
                let content = contentEnd(bytes, lineStart, lineStop)
                guard let values = careful(bytes, lineStart, content) else {
                    return .failure(diagnose(bytes, lineStart, content, line: line, file: file))
                }
                (id, size) = values
                position = lineStop < end ? lineStop + 1 : end
            }
            let (sum, overflow) = total.addingReportingOverflow(size)
            if overflow {
                return .failure(InputError(
                    .invalid, file: file, at: .line(line),
                    "the sizes up to this line add up to more than \(Int64.max); sizes must sum to at most that"))
            }
            total = sum
            if id > maximumID { maximumID = id }
            columns.ids.append(id)
            columns.sizes.append(size)
        }
        columns.maximumID = maximumID
        return .success(())
    }

    /// A line the fast pass did not take whole: its values if it is valid after all (long numbers
    /// within range, leading zeros), else nil.
    static func careful(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int64)? {
        let fields = text(bytes, start, end).split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 2, fields.allSatisfy(isDigits),
              let id = Int(fields[0]), let size = Int64(fields[1]), size > 0 else { return nil }
        return (id, size)
    }

    /// What is wrong with a line that is not `<id>,<size>`: the field count first, then the id,
    /// then the size.
    static func diagnose(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                         line: Int, file: String) -> InputError {
        let lineText = text(bytes, start, end)
        let fields = lineText.split(separator: ",", omittingEmptySubsequences: false)
        func error(_ message: String) -> InputError { InputError(.invalid, file: file, at: .line(line), message) }
        if lineText.isEmpty {
            return error("empty line; expected '<id>,<size>' (ids are integers from 0 to \(Int.max), "
                         + "sizes integers from 1 to \(Int64.max))")
        }
        if fields.count != 2 {
            return error("expected 2 fields '<id>,<size>', found \(fields.count) in \(quoted(lineText))")
        }
        let idsAllowed = "ids are integers from 0 to \(Int.max)"
        let sizesAllowed = "sizes are integers from 1 to \(Int64.max) (bytes, or 1 to count objects)"
        if let problem = integerProblem(fields[0]) { return error("id \(problem); \(idsAllowed)") }
        if let problem = integerProblem(fields[1]) { return error("size \(problem); \(sizesAllowed)") }
        if Int(fields[0]) == nil { return error("id \(quoted(fields[0])) is too large; \(idsAllowed)") }
        if Int64(fields[1]) == nil { return error("size \(quoted(fields[1])) is too large; \(sizesAllowed)") }
        return error("size \(quoted(fields[1])) is zero; \(sizesAllowed)")
    }

    /// Why `field` is not a non-negative decimal integer ("is empty", "'-3' is negative",
    /// "'x' is not an integer"), or nil when it is one.
    static func integerProblem(_ field: Substring) -> String? {
        if field.isEmpty { return "is empty" }
        if isDigits(field) { return nil }
        if field.first == "-", field.count > 1, isDigits(field.dropFirst()) { return "\(quoted(field)) is negative" }
        return "\(quoted(field)) is not an integer"
    }

    /// Whether `field` is one or more ASCII digits.
    static func isDigits(_ field: Substring) -> Bool {
        !field.isEmpty && field.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The index of the `\n` ending the line that starts at `start`, or `end`.
    static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    /// `lineEnd` without a `\r` just before it.
    static func contentEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ lineEnd: Int) -> Int {
        lineEnd > start && bytes[lineEnd - 1] == UInt8(ascii: "\r") ? lineEnd - 1 : lineEnd
    }

    /// The bytes `start..<end` as text (invalid UTF-8 replaced).
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// `'text'` for messages, escaped and cut with "…" (`MessageLine.quoted`).
    static func quoted<Text: StringProtocol>(_ text: Text) -> String { MessageLine.quoted(text) }
}
