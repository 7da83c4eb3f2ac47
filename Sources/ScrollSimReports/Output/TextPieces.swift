/// Text handed to its consumer a piece at a time (`compare`'s renderings, the HTML report's
/// table, `merge`'s CSV): a rendering appends to a buffer and hands the buffer over once it holds
/// about `TextPieces.bytes`, so an output of a million rows is never one string.
enum TextPieces {
    /// The size at which a buffer is handed over, bytes.
    static let bytes = 1 << 20

    /// The whole text a rendering hands over in pieces (`render` is given the consumer): for the
    /// callers that want one string.
    /// - Throws: what `render` throws.
    static func whole<Failure: Error>(_ render: (_ emit: (String) -> Void) throws(Failure) -> Void) throws(Failure)
        -> String {
        var text = ""
        try render { text += $0 }
        return text
    }
}

extension String {
    /// Hands this text to `emit` and empties it, once it holds `TextPieces.bytes` or more.
    mutating func handOverIfFull(to emit: (String) -> Void) {
        guard utf8.count >= TextPieces.bytes else { return }
        emit(self)
        self = ""
    }
}
