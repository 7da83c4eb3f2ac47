/// A value per image id or item (a non-negative key that may fall anywhere below a large bound: an
/// image id under a Zipf popularity, an item after a jump) in storage one owner holds alone, for
/// state a hot path reads and writes on every step (adaptive's `ImageState` and item facts,
/// `LRUTouchLog`'s touches, the network model's requests per image): a write is a plain store, without the
/// copy-on-write check an array held by a class pays on every write; `slot(_:)` gives one field's
/// storage without copying the whole value. Keys never written read as `empty`. A class, so it is
/// never copied by accident: its owner holds it in a `let` for its lifetime (`PagedTable` is the
/// value type over it).
///
/// Storage is paged: `pageSize` values a page, a page allocated when a key in it is first written.
/// Memory so follows the keys a run writes, not the largest of them: image ids under a Zipf
/// popularity fall anywhere below `images.distinct` (up to 10 million), and one table an entry per
/// id up to the largest written cost hundreds of MB for a short scroll (adaptive peaked at 823 MB
/// on a 20 s drag over a 10-million-image catalog; 105 MB with pages). A lookup is two loads (the
/// page, then the value) and no hash; a slot's address never changes once its page exists.
/// Public and inlinable for the strategies (FetchStrategies' `PagedTable` is the value type over it).
public final class PagedSlotTable<Value> {
    /// log2 of `pageSize`.
    @inlinable static var pageShift: Int { 6 }
    /// Values a page holds (64: a page of 24-byte values is 1.5 KiB).
    @inlinable public static var pageSize: Int { 1 << pageShift }

    /// The value of every key never written.
    public let empty: Value
    /// Pages by page number (`key >> pageShift`), `pageCount` of them; nil where no key in the page
    /// was written. (Neither stored property is checked for exclusive access at run time: no method
    /// calls out while it mutates them.)
    @usableFromInline @exclusivity(unchecked) var pages: UnsafeMutablePointer<UnsafeMutablePointer<Value>?>
    /// Page numbers `0..<pageCount` have a directory entry.
    @usableFromInline @exclusivity(unchecked) var pageCount: Int

    /// An empty table whose unwritten keys read as `empty`.
    public init(empty: Value) {
        self.empty = empty
        pageCount = 16
        pages = .allocate(capacity: pageCount)
        pages.initialize(repeating: nil, count: pageCount)
    }

    deinit {
        for number in 0..<pageCount {
            guard let page = pages[number] else { continue }
            page.deinitialize(count: Self.pageSize)
            page.deallocate()
        }
        pages.deallocate()
    }

    /// A table with the same values as this one, in storage of its own.
    public func copy() -> PagedSlotTable {
        let copy = PagedSlotTable(empty: empty)
        copy.growDirectory(toInclude: pageCount - 1)
        for number in 0..<pageCount {
            guard let page = pages[number] else { continue }
            let copied = UnsafeMutablePointer<Value>.allocate(capacity: Self.pageSize)
            copied.initialize(from: page, count: Self.pageSize)
            copy.pages[number] = copied
        }
        return copy
    }

    /// The value at `key` (`empty` if never written). `key` must be ≥ 0.
    /// - Complexity: O(1); the first write into a page allocates it.
    @inlinable
    public subscript(key: Int) -> Value {
        @inline(__always) get {
            // One unsigned comparison: a negative key reads as a huge page number.
            let number = key >> Self.pageShift
            if UInt(bitPattern: number) < UInt(bitPattern: pageCount), let page = pages[number] {
                return page[key & (Self.pageSize - 1)]
            }
            return empty
        }
        @inline(__always) _modify { yield &slot(key).pointee }
    }

    /// The storage of `key`'s value (its page made first), for reads and writes of single fields
    /// without copying the whole value; valid for the table's lifetime.
    @inlinable @inline(__always)
    public func slot(_ key: Int) -> UnsafeMutablePointer<Value> {
        let number = key >> Self.pageShift  // see `subscript`: a negative key traps in `makeSlot`
        if UInt(bitPattern: number) < UInt(bitPattern: pageCount), let page = pages[number] {
            return page + (key & (Self.pageSize - 1))
        }
        return makeSlot(key)
    }

    /// The page a loop over keys last read, so that consecutive keys reach their slots without a
    /// directory lookup each (`slot(_:cursor:)`).
    public struct Cursor {
        /// The page's number (−1: none yet).
        @usableFromInline var number = -1
        /// The page's first slot.
        @usableFromInline var page: UnsafeMutablePointer<Value>?
        /// A cursor on no page.
        @inlinable public init() {}
    }

    /// `slot(_:)` through `cursor`: the directory is read only when `key` is on another page than
    /// the cursor's last (whose page is made then, if it does not exist).
    @inlinable @inline(__always)
    public func slot(_ key: Int, cursor: inout Cursor) -> UnsafeMutablePointer<Value> {
        let number = key >> Self.pageShift
        if number != cursor.number {
            cursor.page = slot(number << Self.pageShift)
            cursor.number = number
        }
        return cursor.page.unsafelyUnwrapped + (key & (Self.pageSize - 1))
    }

    /// Calls `body` with the storage of every key whose page exists (keys never written among
    /// them hold `empty`), in key order.
    @inlinable
    public func forEachSlot(_ body: (UnsafeMutablePointer<Value>) -> Void) {
        for number in 0..<pageCount {
            guard let page = pages[number] else { continue }
            for offset in 0..<Self.pageSize { body(page + offset) }
        }
    }

    /// Makes `key`'s page (and the directory entry for it), its values `empty`.
    @usableFromInline @inline(never)
    func makeSlot(_ key: Int) -> UnsafeMutablePointer<Value> {
        precondition(key >= 0, "a PagedSlotTable key is never negative")
        let number = key >> Self.pageShift
        growDirectory(toInclude: number)
        let page = UnsafeMutablePointer<Value>.allocate(capacity: Self.pageSize)
        page.initialize(repeating: empty, count: Self.pageSize)
        pages[number] = page
        return page + (key & (Self.pageSize - 1))
    }

    /// Grows the directory (geometrically) to hold page `number`, the new entries nil.
    @usableFromInline
    func growDirectory(toInclude number: Int) {
        guard number >= pageCount else { return }
        let newCount = max(number + 1, pageCount * 2)
        let newPages = UnsafeMutablePointer<UnsafeMutablePointer<Value>?>.allocate(capacity: newCount)
        newPages.moveInitialize(from: pages, count: pageCount)
        (newPages + pageCount).initialize(repeating: nil, count: newCount - pageCount)
        pages.deallocate()
        pages = newPages
        pageCount = newCount
    }
}
