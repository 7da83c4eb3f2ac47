/// A real feed's items, the content of a `layout.catalog` CSV file (docs/workloads.md): each
/// item's height and image, and each image's pixel size and encoded bytes, in place of the
/// synthetic `itemCount`, `itemHeight…` and `images` distributions.
///
/// Images are dense indices `0..<imageCount` in the order their `image_id` first appears in the
/// file, so items sharing an id share the image (one URL, one download, one cache entry) and the
/// numbering never depends on hashing. The ids themselves are not kept: nothing after decoding
/// needs them. Memory is 16 bytes per item and 16 per image; a `Scenario` holding it stays a
/// self-contained value, and copies share the arrays.
public struct ItemCatalog: Sendable, Equatable {
    /// One image of a catalog: its full pixel size and its encoded (downloaded) size.
    public struct Image: Sendable, Equatable {
        /// Pixel width of the source image, 1...20000.
        public var pixelWidth: Int32
        /// Pixel height of the source image, 1...20000.
        public var pixelHeight: Int32
        /// Encoded size, bytes, 1...10^9.
        public var bytes: Int64

        /// An image of `pixelWidth` × `pixelHeight` pixels, `bytes` long encoded.
        public init(pixelWidth: Int32, pixelHeight: Int32, bytes: Int64) {
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.bytes = bytes
        }
    }

    /// The file the catalog was read from, as the decoder resolved it (for messages).
    public let file: String
    /// Each item's height, points, in item order.
    public let itemHeights: [Double]
    /// Each item's image, an index into `images`, in item order.
    public let imageOfItem: [Int32]
    /// The images, in order of first appearance.
    public let images: [Image]

    /// A catalog of `itemHeights.count` items (at least one; as many images as heights, each a
    /// valid index into `images`).
    /// - Complexity: O(1) (the checks are preconditions on counts only).
    public init(file: String, itemHeights: [Double], imageOfItem: [Int32], images: [Image]) {
        precondition(!itemHeights.isEmpty && itemHeights.count == imageOfItem.count,
                     "a catalog needs at least one item, each with an image")
        self.file = file
        self.itemHeights = itemHeights
        self.imageOfItem = imageOfItem
        self.images = images
    }

    /// Number of items.
    public var itemCount: Int { itemHeights.count }
    /// Number of distinct images.
    public var imageCount: Int { images.count }
}
