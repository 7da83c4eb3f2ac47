import Testing
@testable import ScrollSimCore

/// `BorrowedReference`: the object it borrows, and that it does not keep it alive.
@Suite struct BorrowedReferenceTests {
    /// An object to borrow.
    final class Box {
        /// A value read through the borrowed reference.
        var value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func givesTheObjectItWasMadeFromByEitherInitialiser() {
        // Given an object and two borrowed references to it (direct and opaque)
        let box = Box(7)
        let direct = BorrowedReference(box)
        let opaque = BorrowedReference<Box>(opaque: Unmanaged.passUnretained(box).toOpaque())
        // Then both reach that very object, and see a change made through the other
        #expect(direct.with { $0 === box })
        #expect(opaque.with { $0 === box })
        direct.with { $0.value = 11 }
        #expect(opaque.with { $0.value } == 11)
        #expect(box.value == 11)
    }

    @Test func doesNotKeepTheObjectAlive() {
        // Given an object whose only strong reference is its owner's, and a borrowed reference
        weak var watcher: Box?
        var owner: Box? = Box(3)
        watcher = owner
        let borrowed = BorrowedReference(owner!)
        #expect(borrowed.with { $0.value } == 3)
        // When the owner lets go, then the object is freed (the borrowed reference retained nothing)
        owner = nil
        #expect(watcher == nil)
    }
}
