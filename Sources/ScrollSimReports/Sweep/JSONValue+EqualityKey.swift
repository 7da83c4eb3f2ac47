import ScrollSimCore

extension JSONValue {
    /// A text equal for two values exactly when they are equal (`==`: numbers by value, so `1` and
    /// `1.0` match; arrays and objects member by member, in order), to find repeated values with a
    /// set in O(n) instead of comparing every pair.
    var equalityKey: String {
        switch self {
        case .null: return "n"
        case .bool(let flag): return flag ? "t" : "f"
        case .number(let value, _): return "d" + String(value == 0 ? 0.0 : value)  // -0 == 0
        case .string(let text): return "s\(text.utf8.count):" + text
        case .array(let elements):
            return "a\(elements.count)[" + elements.map { let key = $0.equalityKey; return "\(key.utf8.count):" + key }
                .joined() + "]"
        case .object(let members):
            return "o\(members.count){" + members.map { member in
                let key = member.value.equalityKey
                return "\(member.key.utf8.count):" + member.key + "\(key.utf8.count):" + key
            }.joined() + "}"
        }
    }
}
