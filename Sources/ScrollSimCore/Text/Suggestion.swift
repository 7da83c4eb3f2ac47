/// "Did you mean …?" for every misspelt name ScrollSim reports: scenario and sweep keys, step
/// kinds, strategy names and parameters, subcommands, options, metrics and CSV columns.
///
/// One rule everywhere: a candidate equal to the word ignoring case wins; otherwise the candidate
/// at the smallest case-insensitive Levenshtein distance (insertions, deletions, substitutions of
/// Unicode scalars), if that distance is at most `maximumDistance(for:)` — 2, or a third of the
/// word's length for longer words, so a short word is never "corrected" into an unrelated one.
/// Ties go to the earliest candidate, so the answer depends only on the candidates' order, never
/// on hashing.
public enum Suggestion {
    /// The candidate `word` most likely meant, or nil when none is close enough (see the type).
    /// - Complexity: O(word × candidate) per candidate whose length is within the allowed distance;
    ///   O(1) for the others, so a huge word costs no more than its length.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        let limit = maximumDistance(forLength: lowered.count)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars), limit: limit)
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The largest edit distance at which `word` still gets a suggestion: max(2, length / 3).
    public static func maximumDistance(for word: String) -> Int {
        maximumDistance(forLength: word.unicodeScalars.count)
    }

    /// max(2, `length` / 3).
    static func maximumDistance(forLength length: Int) -> Int { max(2, length / 3) }

    /// The Levenshtein distance between `a` and `b` (Unicode scalars, case-sensitive), or
    /// `limit + 1` as soon as it is certain to exceed `limit`.
    public static func editDistance(_ a: String, _ b: String, limit: Int = .max - 1) -> Int {
        editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
    }

    /// `editDistance(_:_:limit:)` on scalar arrays.
    /// - Complexity: O(`a.count` × `b.count`); O(1) when the lengths differ by more than `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)  // distances from a[..<i] to each prefix of b
        var current = previous
        for i in a.indices {
            current[0] = i + 1
            for j in b.indices {
                let substitution = previous[j] + (a[i] == b[j] ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
            }
            if current.min() ?? 0 > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return min(previous[b.count], limit + 1)
    }
}
