/// Builds the text of a Chrome trace-event JSON document, one event per line (the object form
/// `{"displayTimeUnit":"ms","traceEvents":[…]}` of the Trace Event Format; research notes
/// uikit-and-metrics.md §5, after the Google doc "Trace Event Format").
///
/// Timestamps and durations are integer nanoseconds printed as microseconds with exactly three
/// decimals (1 016 666 666 ns → `1016666.666`): integer arithmetic only, so the text never depends
/// on floating-point formatting. Numbers in `args` arrive pre-formatted (`DecimalFormat`) or as
/// integers. Strings are escaped per RFC 8259 (`"`, `\`, and control characters as `\u00XX`).
/// The writer does not order or validate events: the caller emits each track's slices parent
/// first, in time order (see `ChromeTraceRecorder`).
public struct ChromeTraceWriter {
    /// A value in an event's `args` object.
    public enum Argument {
        /// An integer.
        case integer(Int64)
        /// A number already formatted as a JSON number (e.g. by `DecimalFormat`).
        case number(String)
        /// A string (escaped on output).
        case string(String)
        /// `true` or `false`.
        case boolean(Bool)
        /// An array of integers.
        case integers([Int])
    }

    /// The process id every event carries (one run per file, so one process).
    public static let processID = 1

    /// The events written so far, each a complete JSON object.
    private var events: [String] = []

    /// An empty document.
    public init() {}

    /// The number of events added so far.
    public var eventCount: Int { events.count }

    /// The events added so far, each a complete JSON object, and none kept (for writing as a
    /// run goes: `ChromeTraceStreamRecorder`).
    public mutating func takeEvents() -> [String] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// The whole document: `{"displayTimeUnit":"ms","traceEvents":[` then one event per line,
    /// then `]}` and a final newline.
    public func makeText() -> String {
        "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
    }

    /// A metadata event (`ph` "M"), e.g. `process_name`, `thread_name`, `thread_sort_index`.
    public mutating func metadata(_ name: String, thread: Int, arguments: [(String, Argument)]) {
        events.append("{\"ph\":\"M\",\"name\":\(Self.quoted(name)),\"pid\":\(Self.processID),\"tid\":\(thread)"
                      + Self.argumentsText(arguments) + "}")
    }

    /// A complete event (`ph` "X") on `thread` from `start` for `duration` ns.
    public mutating func complete(_ name: String, category: String, thread: Int, start: SimTime, duration: SimTime,
                                  arguments: [(String, Argument)] = []) {
        events.append("{\"ph\":\"X\",\"name\":\(Self.quoted(name)),\"cat\":\(Self.quoted(category)),"
                      + "\"pid\":\(Self.processID),\"tid\":\(thread),\"ts\":\(Self.microseconds(start)),"
                      + "\"dur\":\(Self.microseconds(duration))" + Self.argumentsText(arguments) + "}")
    }

    /// A thread-scoped instant event (`ph` "i", `s` "t") on `thread` at `time`.
    public mutating func instant(_ name: String, category: String, thread: Int, time: SimTime,
                                 arguments: [(String, Argument)] = []) {
        events.append("{\"ph\":\"i\",\"s\":\"t\",\"name\":\(Self.quoted(name)),\"cat\":\(Self.quoted(category)),"
                      + "\"pid\":\(Self.processID),\"tid\":\(thread),\"ts\":\(Self.microseconds(time))"
                      + Self.argumentsText(arguments) + "}")
    }

    /// A counter event (`ph` "C"): the process-wide series `name` takes the values in `arguments` at `time`.
    public mutating func counter(_ name: String, time: SimTime, arguments: [(String, Argument)]) {
        events.append("{\"ph\":\"C\",\"name\":\(Self.quoted(name)),\"pid\":\(Self.processID),"
                      + "\"ts\":\(Self.microseconds(time))" + Self.argumentsText(arguments) + "}")
    }

    /// `nanoseconds` as microseconds with exactly three decimals, e.g. 1 500 ns → "1.500".
    /// - Complexity: O(number of digits).
    public static func microseconds(_ nanoseconds: SimTime) -> String {
        let magnitude = nanoseconds.magnitude
        let fraction = String(magnitude % 1000)
        let sign = nanoseconds < 0 ? "-" : ""
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `text` as a JSON string literal (RFC 8259 §7): quotes and backslashes escaped, control
    /// characters as `\n`, `\r`, `\t` or `\u00XX`; everything else (UTF-8) as is.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `,"args":{…}` for a non-empty list, keys in the given order; empty otherwise.
    static func argumentsText(_ arguments: [(String, Argument)]) -> String {
        guard !arguments.isEmpty else { return "" }
        let members = arguments.map { key, value in quoted(key) + ":" + valueText(value) }
        return ",\"args\":{" + members.joined(separator: ",") + "}"
    }

    /// One argument value as JSON.
    static func valueText(_ value: Argument) -> String {
        switch value {
        case .integer(let number): String(number)
        case .number(let text): text
        case .string(let text): quoted(text)
        case .boolean(let flag): flag ? "true" : "false"
        case .integers(let numbers): "[" + numbers.map(String.init).joined(separator: ",") + "]"
        }
    }
}
