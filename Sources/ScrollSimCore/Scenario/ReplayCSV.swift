/// Reads a `replay` step's CSV file into a `ReplayGesture` (docs/workloads.md).
///
/// Format: the header `t_ms,offset_pt`, then one sample per line: a time in milliseconds and the
/// scroll view's content offset in points. Times must not decrease; they are re-based on the
/// first sample (which need not be 0, so a logger may print `CACurrentMediaTime()·1000`), and
/// converted to integer ns exactly from their decimal text (rounded half to even at the ns), never
/// through a `Double`. Offsets are read as `Double`s (correctly rounded) and stored relative to the
/// first. Records are split by the project's one tokenizer (`CSVTokenizer`, RFC 4180): LF or CRLF
/// line ends, the last one optional; fields may be double-quoted (`""` inside stands for `"`); no
/// comments, no blank lines, no spaces around numbers.
///
/// Numbers: an optional sign, digits with an optional fraction, an optional exponent (`16.667`,
/// `-0.0`, `1e-05`, as Swift and `printf` write them); `nan` and `inf` are refused as non-finite.
///
/// Limits: at most `maxBytes` (64 MiB, `InputLimit.replay`) and `maxSamples` (2,000,000, three
/// hours at 120 Hz with room to spare) samples; times within ±10^12 ms, offsets within ±10^12 pt.
///
/// This is the core's only file format besides the scenario JSON; it takes bytes and does no
/// I/O: ScrollSimReports' input layer reads the file (`ReplayFileCache`, through `InputFile`).
public enum ReplayCSV {
    /// The exact header.
    public static let header = "t_ms,offset_pt"
    /// The column names, in order.
    static let columns = ["t_ms", "offset_pt"]
    /// The largest file, bytes (64 MiB).
    public static let maxBytes = InputLimit.replay.bytes
    /// The most samples in one file.
    public static let maxSamples = 2_000_000
    /// The largest magnitude of a time, ms, and of an offset, points.
    static let maxMagnitude = 1e12

    /// The gesture in `bytes`; `file` names it in errors.
    /// - Throws: `InputError` (`.invalid`) naming `file`, and the line and column when the
    ///   problem has them.
    /// - Complexity: O(bytes).
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> ReplayGesture {
        try parse(bytes, file: file, maxSamples: maxSamples)
    }

    /// `parse(_:file:)` with another sample limit (tests).
    static func parse(_ bytes: [UInt8], file: String, maxSamples: Int) throws(InputError) -> ReplayGesture {
        func failure(_ line: Int?, _ column: Int?, _ message: String) -> InputError {
            guard let line else { return InputError(.invalid, file: file, message) }
            return InputError(.invalid, file: file,
                              at: .line(line, column: column, name: column.map { columns[$0 - 1] }), message)
        }
        guard bytes.count <= maxBytes else {
            throw failure(nil, nil, InputLimit.replay.tooLargeMessage)
        }
        guard !bytes.isEmpty else {
            throw failure(nil, nil, "the file is empty; expected the header '\(header)' and then one sample per line")
        }
        var reader = CSVTokenizer(bytes, file: file, columnNames: columns)
        // The header.
        guard let first = try reader.next() else {
            throw failure(nil, nil, "the file is empty; expected the header '\(header)' and then one sample per line")
        }
        let headerText = first.fields.map { String(decoding: $0, as: UTF8.self) }
        guard headerText == columns else {
            throw failure(first.line, nil,
                          "missing header: the first line must be '\(header)', found \(shown(first.text))")
        }
        var times: [SimTime] = []
        var deltas: [Double] = []
        // One sample per line: reserve once instead of growing (and copying) millions of times.
        var lineCount = 0
        for byte in bytes where byte == UInt8(ascii: "\n") { lineCount += 1 }
        times.reserveCapacity(min(lineCount + 1, maxSamples))
        deltas.reserveCapacity(min(lineCount + 1, maxSamples))
        var firstTime: SimTime = 0
        var firstOffset = 0.0
        var previous: (nanos: SimTime, text: ArraySlice<UInt8>, line: Int)?
        while let record = try reader.next() {
            guard times.count < maxSamples else {
                throw failure(record.line, nil,
                              "more than \(maxSamples) samples; a replay file holds at most \(maxSamples) "
                                  + "(split the recording into several replay steps)")
            }
            guard record.fields.count == 2 else {
                let count = record.fields.count
                let found = count == 1 && record.fields[0].isEmpty
                    ? "an empty line" : "\(count) field\(count == 1 ? "" : "s")"
                throw failure(record.line, nil, "expected 2 fields, \(header), found \(found)")
            }
            let timeField = record.fields[0], offsetField = record.fields[1]
            let nanos: SimTime
            switch exactNanoseconds(milliseconds: timeField) {
            case .success(let value): nanos = value
            case .failure(let problem):
                throw failure(record.line, 1, problem.message(unit: "milliseconds", field: timeField))
            }
            if let previous, nanos < previous.nanos {
                throw failure(record.line, 1, "times must not decrease: \(shown(timeField)) comes after "
                                  + "\(shown(previous.text)) on line \(previous.line)")
            }
            let offset: Double
            switch number(offsetField) {
            case .success(let value): offset = value
            case .failure(let problem):
                throw failure(record.line, 2, problem.message(unit: "points", field: offsetField))
            }
            if times.isEmpty {
                firstTime = nanos
                firstOffset = offset
            }
            times.append(nanos - firstTime)
            deltas.append(offset - firstOffset)
            previous = (nanos, timeField, record.line)
        }
        guard !times.isEmpty else {
            throw failure(nil, nil, "no samples after the header; expected at least one line '<t_ms>,<offset_pt>'")
        }
        return ReplayGesture(file: file, times: times, deltas: deltas)
    }

    // MARK: Numbers

    /// Why a field is not an allowed number.
    enum NumberProblem: Error {
        /// Not a decimal number.
        case notANumber
        /// `nan`, `inf`, or a number too large for a `Double`.
        case nonFinite
        /// Beyond ±10^12.
        case outOfRange

        /// The message for a field of `unit`s with text `field`.
        func message(unit: String, field: ArraySlice<UInt8>) -> String {
            switch self {
            case .notANumber: "expected a number of \(unit), found \(ReplayCSV.shown(field))"
            case .nonFinite: "must be a finite number of \(unit), found \(ReplayCSV.shown(field))"
            case .outOfRange:
                "must be a number of \(unit) from -1000000000000 to 1000000000000, found \(ReplayCSV.shown(field))"
            }
        }
    }

    /// The parts of a decimal number's text, as positions in it (no copy: a file has millions).
    struct Decimal {
        /// The number's text.
        var text: ArraySlice<UInt8>
        /// Whether it has a minus sign.
        var isNegative = false
        /// Where the integer part's digits are in `text`.
        var integer: Range<Int>
        /// Where the fraction's digits are in `text`.
        var fraction: Range<Int>
        /// The exponent, saturated at ±10^6.
        var exponent = 0

        /// Integer and fraction digits together.
        var digitCount: Int { integer.count + fraction.count }

        /// The `position`-th digit (0...9) of the integer part followed by the fraction.
        func digit(_ position: Int) -> UInt64 {
            let byte = position < integer.count
                ? text[integer.lowerBound + position] : text[fraction.lowerBound + position - integer.count]
            return UInt64(byte - UInt8(ascii: "0"))
        }
    }

    /// `text` split into a `Decimal`: `[+-]? (d+ (. d*)? | . d+) ([eE] [+-]? d+)?`; nil otherwise.
    static func decimal(_ text: ArraySlice<UInt8>) -> Decimal? {
        var index = text.startIndex
        let end = text.endIndex
        func isDigit(_ at: Int) -> Bool { at < end && text[at] >= UInt8(ascii: "0") && text[at] <= UInt8(ascii: "9") }
        var isNegative = false
        if index < end, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            isNegative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        let integerStart = index
        while isDigit(index) { index += 1 }
        let integer = integerStart..<index
        var fraction = index..<index
        if index < end, text[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while isDigit(index) { index += 1 }
            fraction = fractionStart..<index
        }
        var result = Decimal(text: text, isNegative: isNegative, integer: integer, fraction: fraction)
        guard result.digitCount > 0 else { return nil }
        if index < end, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            var isExponentNegative = false
            if index < end, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                isExponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            guard isDigit(index) else { return nil }
            while isDigit(index) {
                result.exponent = min(result.exponent * 10 + Int(text[index] - UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            if isExponentNegative { result.exponent = -result.exponent }
        }
        return index == end ? result : nil
    }

    /// Whether `text` spells a non-finite value: `nan`, `inf` or `infinity` in any case, signed or not.
    static func isNonFiniteWord(_ text: ArraySlice<UInt8>) -> Bool {
        var word = String(decoding: text, as: UTF8.self).lowercased()
        if word.hasPrefix("-") || word.hasPrefix("+") { word.removeFirst() }
        return word == "nan" || word == "inf" || word == "infinity"
    }

    /// A millisecond time's text as exact integer ns, rounded half to even at the ns.
    static func exactNanoseconds(milliseconds text: ArraySlice<UInt8>) -> Result<SimTime, NumberProblem> {
        guard let number = decimal(text) else { return .failure(isNonFiniteWord(text) ? .nonFinite : .notANumber) }
        let count = number.digitCount
        guard (0..<count).contains(where: { number.digit($0) != 0 }) else { return .success(0) }  // any exponent
        // The ns point lies `integer digits + exponent + 6` digits into the digits.
        let point = number.integer.count + number.exponent + 6
        let limit: UInt64 = 1_000_000_000_000_000_000  // 10^12 ms in ns
        var nanos: UInt64 = 0
        if point > 0 {
            for position in 0..<point {
                nanos = nanos * 10 + (position < count ? number.digit(position) : 0)
                if nanos > limit { return .failure(.outOfRange) }
            }
        }
        if point >= 0, point < count {
            let roundingDigit = number.digit(point)
            let isSticky = ((point + 1)..<count).contains { number.digit($0) != 0 }
            if roundingDigit > 5 || (roundingDigit == 5 && (isSticky || nanos % 2 == 1)) { nanos += 1 }
            if nanos > limit { return .failure(.outOfRange) }
        }
        return .success(number.isNegative ? -SimTime(nanos) : SimTime(nanos))
    }

    /// An offset's text as a `Double` (correctly rounded by the standard library's conversion).
    static func number(_ text: ArraySlice<UInt8>) -> Result<Double, NumberProblem> {
        guard decimal(text) != nil else { return .failure(isNonFiniteWord(text) ? .nonFinite : .notANumber) }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
            return .failure(.nonFinite)
        }
        return value.magnitude <= maxMagnitude ? .success(value) : .failure(.outOfRange)
    }

    /// A field's or line's text for a message: in single quotes, control characters escaped, cut
    /// to 60 characters.
    static func shown(_ text: ArraySlice<UInt8>) -> String {
        String(decoding: text, as: UTF8.self).quotedForMessage
    }
}
