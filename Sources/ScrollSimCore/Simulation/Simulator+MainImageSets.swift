/// Image sets hopping to the main queue without a closure (`FetchEnvironment.setImageOnMain`):
/// the same main item, at the same place in the queue, as `enqueueMainBlock` with a block that
/// sets the image, but the block's captures wait in a slot of `pendingImageSets`.
extension Simulator {
    /// Queues on the main queue the set of `image` on `cell`, done only if the cell still
    /// represents `identifier` when it runs (always when `identifier` is nil). The same as
    /// `enqueueMainBlock` of a block doing that check and `setImage(image, on: cell, isFinal: true)`.
    func enqueueMainImageSet(_ image: ImageObject, on cell: CellID, ifRepresenting identifier: Int?) {
        let slot: Int
        if let free = freeImageSets.take(from: pendingImageSets) {
            slot = free
            pendingImageSets[slot].image = image
            pendingImageSets[slot].cell = cell
            pendingImageSets[slot].identifier = identifier
        } else {
            slot = pendingImageSets.count
            pendingImageSets.append(PendingImageSet(image: image, cell: cell, identifier: identifier))
        }
        context.perform({ enqueueMain(.imageSet(slot)) }, orQueue: { .mainImageSet(slot) })
    }

    /// Runs the image set waiting in `slot` (a main item), freeing the slot first.
    func runImageSet(_ slot: Int) {
        // The image moved out of the slot (no retain and release), and into the cell.
        let image = pendingImageSets[slot].image.take()
        let cell = pendingImageSets[slot].cell
        let identifier = pendingImageSets[slot].identifier
        freeImageSets.free(slot, in: pendingImageSets)
        if let identifier, cells[cell].representedIdentifier != identifier { return }
        setImage(consume image, on: cell, isFinal: true)
    }
}
