/// An image set waiting on the main queue (`FetchEnvironment.setImageOnMain`): what its block
/// would have captured, kept by the simulator so that no closure is made per set.
struct PendingImageSet: FreeListLinked {
    /// The image to set (nil once the slot is free, so that it is not held longer).
    var image: ImageObject?
    /// The cell it goes on; once the slot is free, the next free slot (`nextFreeSlot`).
    var cell: CellID
    /// The identifier the cell must still represent, or nil to set it unconditionally.
    var identifier: Int?

    /// A free slot's link (`FreeList`), kept in `cell`.
    var nextFreeSlot: Int {
        get { cell }
        set { cell = newValue }
    }
}
