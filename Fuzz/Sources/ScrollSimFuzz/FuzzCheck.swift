import ScrollSim

/// The invariants' checks: a failure prints what broke and traps, so libFuzzer saves the input.
enum FuzzCheck {
    /// The longest refusal line accepted, in Unicode scalars (`MessageLine.maximumScalars` plus
    /// room for escapes).
    static let maximumLineScalars = 10 * 1000

    /// Prints `message` and traps.
    static func fail(_ message: String) -> Never {
        print("FUZZ INVARIANT BROKEN: \(message)")
        fatalError(message)
    }

    /// Traps with `message` unless `condition` holds.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// Checks that a refusal prints as one bounded line of printable text: the message itself
    /// has no line break or escape character (echoed input is quoted with `MessageLine.quoted`),
    /// and `MessageLine.make` of it is one line.
    static func oneLine(_ description: String) {
        for scalar in description.unicodeScalars where MessageLine.needsEscape(scalar) {
            fail("a refusal holds the raw control character \(scalar.escaped(asASCII: true)): "
                 + "\(MessageLine.make(description))")
        }
        let line = MessageLine.make(description)
        require(!line.unicodeScalars.contains { MessageLine.needsEscape($0) },
                "MessageLine.make left a control character")
        require(line.unicodeScalars.count <= maximumLineScalars, "a refusal of \(line.unicodeScalars.count) scalars")
    }
}
