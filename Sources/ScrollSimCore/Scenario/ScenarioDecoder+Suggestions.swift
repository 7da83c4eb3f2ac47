// "Did you mean …?" for misspelt keys and step kinds.

extension ScenarioDecoder {
    /// The allowed name `name` most likely meant: the first case-insensitive match, else the
    /// allowed name at the smallest case-insensitive edit distance, at most 2 (ties go to the
    /// earlier name in `allowed`, so the answer never depends on hashing); nil when none is close.
    static func suggestion(for name: String, among allowed: [String]) -> String? {
        let lowered = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in allowed {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars), limit: 2)
            if distance <= 2, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance between `a` and `b` (insertions, deletions and substitutions), or
    /// `limit + 1` as soon as it is certain to exceed `limit`.
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
