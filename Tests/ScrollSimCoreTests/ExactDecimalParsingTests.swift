import Testing
@testable import ScrollSimCore

/// `ExactDecimal.init?(_:)` reads bytes; these tests hold it to the `Character`-level reading it
/// replaced (kept below as the reference) and to hand-picked edges.
@Suite struct ExactDecimalParsingTests {
    /// The previous parser, verbatim in behaviour: split at the first ".", ASCII digits only.
    static func reference(_ text: String) -> ExactDecimal? {
        func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
        var digits = Substring(text)
        let isNegative = digits.first == "-"
        if isNegative { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(isDigit) else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard parts.count == 1 || !fraction.isEmpty, fraction.allSatisfy(isDigit),
              fraction.count <= ExactDecimal.maximumScale,
              whole.drop(while: { $0 == "0" }).count + fraction.count <= 18,
              let magnitude = Int64(whole + fraction) else { return nil }
        return ExactDecimal(units: isNegative ? -magnitude : magnitude, scale: fraction.count)
    }

    @Test("hand-picked texts: values, scales and refusals")
    func edges() {
        let accepted: [(String, Int64, Int)] = [
            ("0", 0, 0), ("-0", 0, 0), ("40.862", 40_862, 3), ("-3.100", -3_100, 3),
            ("0.000000001", 1, 9), ("999999999999999999", 999_999_999_999_999_999, 0),
            ("-999999999.999999999", -999_999_999_999_999_999, 9),
            ("0000000000000000000000012.5", 125, 1), ("000.000000000", 0, 9),
        ]
        for (text, units, scale) in accepted {
            #expect(ExactDecimal(text) == ExactDecimal(units: units, scale: scale), "\(text)")
        }
        let refused = ["", "-", ".", "1.", ".5", "-.5", "+1", "1e3", " 1", "1 ", "1.2.3", "--1", "1-",
                       "0.0000000001", "1000000000000000000", "1.000000000000000000", "١٢", "1\u{301}",
                       "１", "12\r", "0x10", "NaN", "inf"]
        for text in refused {
            #expect(ExactDecimal(text) == nil, "\(text.debugDescription)")
        }
    }

    @Test("random texts over digits, signs, points and other bytes agree with the reference")
    func randomAgreement() {
        var generator = SplitMix64(seed: 2026_12_01)
        let alphabet: [String] = ["0", "0", "1", "5", "9", "9", "-", ".", "+", "e", " ", "١", "\u{301}", "x"]
        var accepted = 0
        for _ in 0..<60_000 {
            let length = Int(generator.next() % 24)
            var text = ""
            for position in 0..<length {
                // Mostly digits, so that many texts are numbers near the limits.
                let roll = generator.next() % 100
                if roll < 80 { text += String(generator.next() % 10) }
                else if position == 0 && roll < 88 { text += "-" }
                else { text += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            }
            let parsed = ExactDecimal(text)
            #expect(parsed == Self.reference(text), "\(text.debugDescription)")
            if parsed != nil { accepted += 1 }
        }
        // Both kinds occur in quantity, so the agreement covers values and refusals alike.
        #expect(accepted > 10_000 && accepted < 50_000, "accepted \(accepted)")
    }
}
