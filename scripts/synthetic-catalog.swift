// Writes Scenarios/feed-catalog.csv: a SYNTHETIC social feed in the `layout.catalog` format
// (docs/workloads.md), as an app would export its feed: one row per item, in order, with the
// item's height, its image's URL, and that image's pixel size and encoded bytes. It is not a real
// app's feed: the mix below is made up to exercise what the synthetic `images` settings cannot
// express (mixed aspect ratios and heights, small avatars beside large photos, images repeated
// at irregular intervals).
//
//   swift scripts/synthetic-catalog.swift > Scenarios/feed-catalog.csv
//
// The mix, 600 items in a 390 pt wide list at 3x:
// - photo posts (about 70 %): a 56 pt header, the photo at the full width (4:5 portrait
//   1080×1350, square 1080×1080 or landscape 1080×566, as Instagram crops them), a 44 pt footer
//   and 0 to 3 caption lines of 18 pt; JPEG bytes of 0.08 to 0.3 byte per pixel. About 1 in 12
//   reshares one of the last 40 photos (the same URL again).
// - comment and status rows (about 30 %): 64 pt plus 1 to 5 text lines of 18 pt, with the
//   author's 150×150 avatar (4 to 12 kB) from 40 accounts, the first few far more often.
// - a sponsored post every 25 items, alternating two 1080×1080 creatives.
//
// The output is committed; runs read the CSV, never this script.

/// SplitMix64 (Steele, Lea and Flood 2014): a small, fixed random sequence.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// An integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
}

/// One image: URL, pixel size, bytes.
struct Image {
    var url: String
    var width: Int
    var height: Int
    var bytes: Int
}

var random = SplitMix64(state: 20_240_611)
let width = 390.0
var rows: [(height: Double, image: Image)] = []
var recentPhotos: [Image] = []
var avatars: [Image] = []
for account in 0..<40 {
    avatars.append(Image(url: "https://cdn.example.com/avatars/\(account).jpg", width: 150, height: 150,
                         bytes: random.int(4_000...12_000)))
}
let creatives = [
    Image(url: "https://ads.example.com/creative-a.jpg", width: 1080, height: 1080, bytes: 182_400),
    Image(url: "https://ads.example.com/creative-b.jpg", width: 1080, height: 1080, bytes: 207_900),
]
var photoCount = 0

for item in 0..<600 {
    if item % 25 == 24 {
        rows.append((56 + width + 44 + 18, creatives[(item / 25) % 2]))
        continue
    }
    if random.chance(30) {
        // An avatar: the first accounts far more often (a person's feed is dominated by a few).
        let account = min(random.int(0...39), random.int(0...39), random.int(0...39))
        rows.append((64 + 18 * Double(random.int(1...5)), avatars[account]))
        continue
    }
    let caption = 18 * Double(random.int(0...3))
    if random.chance(8), !recentPhotos.isEmpty {
        let photo = recentPhotos[random.int(0...(recentPhotos.count - 1))]
        rows.append((56 + width * Double(photo.height) / Double(photo.width) + 44 + caption, photo))
        continue
    }
    let shape = random.int(0...9)
    let (w, h) = shape < 5 ? (1080, 1350) : shape < 8 ? (1080, 1080) : (1080, 566)
    let bytesPerPixel = Double(random.int(80...300)) / 1000
    let photo = Image(url: "https://cdn.example.com/photos/\(photoCount).jpg", width: w, height: h,
                      bytes: Int(Double(w * h) * bytesPerPixel))
    photoCount += 1
    recentPhotos.append(photo)
    if recentPhotos.count > 40 { recentPhotos.removeFirst() }
    rows.append((56 + width * Double(h) / Double(w) + 44 + caption, photo))
}

/// A height with at most one decimal, as a layout pass rounds to half points at 2x and 3x.
func format(_ points: Double) -> String {
    let tenths = Int((points * 10).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
}

print("height_pt,image_id,width_px,height_px,bytes")
for row in rows {
    print("\(format(row.height)),\(row.image.url),\(row.image.width),\(row.image.height),\(row.image.bytes)")
}
