import Testing
import ScrollSimCore

/// `Suggestion`: the one "did you mean …?" rule of every message.
@Suite struct SuggestionTests {
    @Test("edit distance", arguments: [
        ("", "", 0), ("abc", "", 3), ("", "ab", 2), ("kitten", "sitting", 3), ("--strategi", "--strategy", 1),
        ("rnu", "run", 2), ("flaw", "lawn", 2),
    ])
    func editDistance(a: String, b: String, expected: Int) {
        #expect(Suggestion.editDistance(a, b) == expected)
        #expect(Suggestion.editDistance(b, a) == expected)
    }

    @Test("the distance gives up past its limit")
    func limit() {
        #expect(Suggestion.editDistance("kitten", "sitting", limit: 2) == 3)
        #expect(Suggestion.editDistance("a", String(repeating: "b", count: 10_000), limit: 3) == 4)
    }

    @Test("case first, then the closest, then the earliest")
    func closest() {
        let keys = ["width", "height", "bytesMedian", "bytesP95", "distinct", "zipfAlpha"]
        #expect(Suggestion.closest(to: "BYTESP95", among: keys) == "bytesP95")
        #expect(Suggestion.closest(to: "bytesP59", among: keys) == "bytesP95")
        #expect(Suggestion.closest(to: "hieght", among: keys) == "height")
        #expect(Suggestion.closest(to: "colour", among: keys) == nil)
        #expect(Suggestion.closest(to: "", among: ["ab", "abc"]) == "ab")
        #expect(Suggestion.closest(to: "--fromat", among: ["--frames", "--format"]) == "--format")
        #expect(Suggestion.closest(to: "ab", among: ["ax", "ay"]) == "ax")
        #expect(Suggestion.closest(to: "zzzzzz", among: ["--out"]) == nil)
        #expect(Suggestion.closest(to: "RUN", among: ["validate", "run"]) == "run")
    }

    @Test("short words allow 2 edits, longer ones a third of their length")
    func threshold() {
        #expect(Suggestion.maximumDistance(for: "seed") == 2)
        #expect(Suggestion.maximumDistance(for: "decodeMsPerMegapixel") == 6)
        #expect(Suggestion.closest(to: "xyz", among: ["run"]) == nil)
        #expect(Suggestion.closest(to: "prefetchScreensX", among: ["prefetchScreens"]) == "prefetchScreens")
        #expect(Suggestion.closest(to: "preftchScrens", among: ["prefetchScreens"]) == "prefetchScreens")
    }
}
