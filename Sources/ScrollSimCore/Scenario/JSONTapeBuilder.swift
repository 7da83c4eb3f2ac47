/// The second pass of `JSONParser`: writes the nodes of a text the first pass accepted into a
/// table of exactly the size it counted (see `JSONTape` for the layout).
///
/// Algorithm: one recursive descent. A container's children must be contiguous, but they are
/// only known when it closes; so each value's node is pushed on a stack that grows down from the
/// end of the table, and when a container closes its children (the top of that stack) are
/// reversed in place and moved to the first free slots at the front. A node is either at the
/// front or on the stack, never both, so the two regions never meet and the table needs no
/// room beyond one slot per value: the root's node ends in the last slot.
///
/// It does not validate: bytes it did not expect would stop it at a precondition, never
/// silently; `JSONParser` only calls it on text it has checked.
struct JSONTapeBuilder {
    /// The text.
    private let bytes: [UInt8]
    /// The table: placed nodes in `0..<front`, the stack in `top..<nodes.count`.
    private var nodes: [UInt64]
    /// The first free slot at the front.
    private var front = 0
    /// The top of the stack (its last pushed node); `nodes.count` when empty.
    private var top: Int
    /// Offset of the next byte to read.
    private var position = 0

    /// The tape of `bytes` (text `JSONParser` accepted), with room for `nodeCount` nodes.
    /// - Complexity: O(n) time; `8 × nodeCount` bytes besides the text.
    static func tape(of bytes: [UInt8], nodeCount: Int) -> JSONTape {
        var builder = JSONTapeBuilder(bytes: bytes, nodeCount: nodeCount)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { builder.position = 3 }
        builder.skipWhitespace()
        builder.push(builder.value())
        precondition(builder.front == nodeCount - 1 && builder.top == nodeCount - 1,
                     "the parser's two passes disagree on the number of values")
        return JSONTape(bytes: bytes, nodes: builder.nodes)
    }

    /// A builder for `bytes` and `nodeCount` nodes.
    private init(bytes: [UInt8], nodeCount: Int) {
        self.bytes = bytes
        nodes = [UInt64](repeating: 0, count: nodeCount)
        top = nodeCount
    }

    /// Reads the value at `position` (after whitespace) and returns its node; a container's
    /// children are placed at the front first.
    private mutating func value() -> UInt64 {
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"): return container(JSONTape.objectKind, closing: UInt8(ascii: "}"))
        case UInt8(ascii: "["): return container(JSONTape.arrayKind, closing: UInt8(ascii: "]"))
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"):
            position += 4
            return JSONTape.scalar(JSONTape.trueKind, at: start)
        case UInt8(ascii: "f"):
            position += 5
            return JSONTape.scalar(JSONTape.falseKind, at: start)
        case UInt8(ascii: "n"):
            position += 4
            return JSONTape.scalar(JSONTape.nullKind, at: start)
        default:
            while position < bytes.count, JSONTape.isNumberByte(bytes[position]) { position += 1 }
            precondition(position > start, "the tape builder met a byte the parser did not accept")
            return JSONTape.scalar(JSONTape.numberKind, at: start)
        }
    }

    /// Reads an array or object (the current byte opens it), pushing its children (an object's
    /// keys and values alternately) and then moving them to the front; returns its node.
    private mutating func container(_ kind: UInt64, closing: UInt8) -> UInt64 {
        let bottom = top
        position += 1
        skipWhitespace()
        if bytes[position] == closing {
            position += 1
            return JSONTape.container(kind, start: front, count: 0)
        }
        while true {
            if kind == JSONTape.objectKind {
                push(string())
                skipWhitespace()
                position += 1  // ':'
                skipWhitespace()
            }
            push(value())
            skipWhitespace()
            let separator = bytes[position]
            position += 1
            if separator == closing { break }
            skipWhitespace()
        }
        // The children lie in top..<bottom, last first: reverse them, then move them down.
        // (Index by index: reversing the slice `nodes[top..<bottom]` would copy it.)
        let count = bottom - top
        var low = top
        var high = bottom - 1
        while low < high {
            nodes.swapAt(low, high)
            low += 1
            high -= 1
        }
        let start = front
        for index in 0..<count { nodes[start + index] = nodes[top + index] }
        front += count
        top = bottom
        return JSONTape.container(kind, start: start, count: kind == JSONTape.objectKind ? count / 2 : count)
    }

    /// Reads a string (the current byte is its opening quote) and returns its node, marked as
    /// having escapes or not.
    private mutating func string() -> UInt64 {
        let opening = position
        var isEscaped = false
        position += 1
        while true {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return JSONTape.scalar(isEscaped ? JSONTape.escapedStringKind : JSONTape.plainStringKind, at: opening)
            case UInt8(ascii: "\\"):
                isEscaped = true
                position += 2
            default:
                position += 1
            }
        }
    }

    /// Pushes `node` on the stack.
    private mutating func push(_ node: UInt64) {
        top -= 1
        precondition(top >= front, "the parser's two passes disagree on the number of values")
        nodes[top] = node
    }

    /// Skips the four JSON whitespace bytes.
    private mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            position += 1
        }
    }
}
