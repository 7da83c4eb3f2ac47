/// One line of a message for a terminal or a log: every message ScrollSim prints about bad input
/// passes through `make`, so a hostile input can neither break the line, nor send escape
/// sequences to a terminal, nor make a message of megabytes.
///
/// Control characters (C0, DEL, C1), format characters, line and paragraph separators,
/// surrogates and private-use characters are written as Swift escapes (`\n`, `\r`, `\t`,
/// `\u{1B}`); a message longer than `maximumScalars` keeps its beginning (the file and the place)
/// and its end (what is allowed), with "…" between. Echoed values are cut where they are quoted
/// (`quoted(_:)`, at most `maximumQuotedScalars`).
public enum MessageLine {
    /// The longest line `make` returns, in Unicode scalars before escaping (escapes add at most 9
    /// ASCII characters per scalar kept).
    public static let maximumScalars = 1000
    /// The longest echoed value `quoted` keeps, in Unicode scalars.
    public static let maximumQuotedScalars = 60

    /// `text` as one line: escaped, and cut in the middle with "…" past `maximumScalars`.
    /// - Complexity: O(n) to count the scalars, O(`maximumScalars`) to escape.
    public static func make(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let count = scalars.count
        if count <= maximumScalars { return escaped(scalars[...]) }
        let head = maximumScalars * 2 / 3, tail = maximumScalars - head - 1
        return escaped(scalars.prefix(head)) + "…" + escaped(scalars.suffix(tail))
    }

    /// The longest file path `quoted(path:)` keeps, in Unicode scalars.
    public static let maximumPathScalars = 400

    /// `'text'` for a message: escaped like `make`, at most `limit` scalars kept, then "…".
    public static func quoted<Text: StringProtocol>(_ text: Text, limit: Int = maximumQuotedScalars) -> String {
        "'" + echoed(text, limit: limit) + "'"
    }

    /// `text` escaped like `make`, at most `limit` scalars kept, then "…", for a message that
    /// quotes it its own way.
    public static func echoed<Text: StringProtocol>(_ text: Text, limit: Int = maximumQuotedScalars) -> String {
        let scalars = text.unicodeScalars
        let kept = scalars.prefix(limit)
        let cut = kept.endIndex != scalars.endIndex
        return escaped(kept) + (cut ? "…" : "")
    }

    /// `'path'` for a message: escaped like `make`, at most `maximumPathScalars` kept.
    public static func quoted(path: String) -> String { quoted(path, limit: maximumPathScalars) }

    /// Whether `scalar` is written as an escape (see the type).
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        if scalar.isASCII { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse: return true
        default: return false
        }
    }

    /// The scalars with every one that `needsEscape` written as its Swift escape.
    static func escaped<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars) -> String {
        var text = ""
        for scalar in scalars {
            if needsEscape(scalar) {
                text += scalar.escaped(asASCII: true)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
