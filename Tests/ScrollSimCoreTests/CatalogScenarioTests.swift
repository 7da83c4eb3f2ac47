import Testing

@testable import ScrollSimCore
import ScrollSimTestSupport

/// `layout.catalog`: decoding, the keys it replaces, the grid it lays out, and the per-image
/// sizes the simulator and strategies see (docs/workloads.md).
@Suite struct CatalogScenarioTests {
    /// The files next to `dir/s.json`: the feed catalog (`TestScenarios.feedCatalogCSV`), eight
    /// items of 100, 120, 80, 150, 100, 90, 110 and 100 pt showing images 0 (1080 × 1350 px,
    /// 120 000 bytes; items 0 and 2), 1 (150 × 150, 5000; items 1, 4 and 6), 2 (1080 × 566,
    /// 60 000; items 3 and 7) and 3 (1080 × 1080, 90 000; item 5).
    static let files = InMemoryScenarioFiles(["dir/items.csv": TestScenarios.feedCatalogCSV])

    /// The error of `text` as `dir/s.json`, or nil when it decodes.
    static func failure(_ text: String, files: any ScenarioFileReading = files) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.parse(text, file: "dir/s.json", files: files)
            return nil
        } catch {
            return error
        }
    }

    /// A 3-column grid of the catalog with 10 pt spacing and a 5 pt top inset.
    static func grid() throws -> Scenario {
        let text = """
            {"layout": {"kind": "grid", "columns": 3, "catalog": "items.csv", "spacing": 10,
                        "contentInset": {"top": 5}}}
            """
        return try ScenarioLoader.parse(text, file: "dir/s.json", files: files)
    }

    // MARK: Decoding

    @Test func theCatalogSetsTheItemCountAndIsReadNextToTheScenario() throws {
        let scenario = try Self.grid()
        #expect(scenario.layout.itemCount == 8)
        #expect(scenario.layout.catalog?.file == "dir/items.csv")
        #expect(scenario.layout.catalog?.imageOfItem == [0, 1, 0, 2, 1, 3, 1, 2])
        #expect(scenario.layout.catalog?.imageCount == 4)
        // scrollTo is checked against the catalog's count.
        let beyond = #"{"layout": {"catalog": "items.csv"}, "script": [{"scrollTo": {"item": 8}}]}"#
        #expect(Self.failure(beyond)?.description
            == "dir/s.json: script[0].scrollTo.item: must be an integer from 0 to 7 (below layout.itemCount), found 8")
        #expect(Self.failure(#"{"layout": {"catalog": "items.csv"}, "script": [{"scrollTo": {"item": 7}}]}"#) == nil)
    }

    /// Each scenario giving a key the catalog replaces, and its exact error.
    static let conflicts: [(text: String, message: String)] = [
        (#"{"layout": {"itemCount": 7, "catalog": "items.csv"}}"#,
         "dir/s.json: layout.itemCount: cannot be combined with layout.catalog (dir/items.csv), which gives the item "
             + "count (one item per line); remove itemCount"),
        (#"{"layout": {"catalog": "items.csv", "itemHeight": 80}}"#,
         "dir/s.json: layout.itemHeight: cannot be combined with layout.catalog (dir/items.csv), which gives each "
             + "item's height; remove itemHeight"),
        (#"{"layout": {"catalog": "items.csv", "itemHeightRange": [80, 90]}}"#,
         "dir/s.json: layout.itemHeightRange: cannot be combined with layout.catalog (dir/items.csv), which gives "
             + "each item's height; remove itemHeightRange"),
        (#"{"images": {"width": 300}, "layout": {"catalog": "items.csv"}}"#,
         "dir/s.json: images.width: cannot be combined with layout.catalog (dir/items.csv), which gives each image's "
             + "pixel size; remove width"),
        (#"{"layout": {"catalog": "items.csv"}, "images": {"height": 300}}"#,
         "dir/s.json: images.height: cannot be combined with layout.catalog (dir/items.csv), which gives each "
             + "image's pixel size; remove height"),
        (#"{"layout": {"catalog": "items.csv"}, "images": {"bytesMedian": 300}}"#,
         "dir/s.json: images.bytesMedian: cannot be combined with layout.catalog (dir/items.csv), which gives each "
             + "image's encoded bytes; remove bytesMedian"),
        (#"{"layout": {"catalog": "items.csv"}, "images": {"bytesP95": 300000}}"#,
         "dir/s.json: images.bytesP95: cannot be combined with layout.catalog (dir/items.csv), which gives each "
             + "image's encoded bytes; remove bytesP95"),
        (#"{"layout": {"catalog": "items.csv"}, "images": {"distinct": 3}}"#,
         "dir/s.json: images.distinct: cannot be combined with layout.catalog (dir/items.csv), which gives each "
             + "item's image (items with one image_id share it); remove distinct"),
        (#"{"layout": {"catalog": "items.csv"}, "images": {"zipfAlpha": 1}}"#,
         "dir/s.json: images.zipfAlpha: cannot be combined with layout.catalog (dir/items.csv), which gives each "
             + "item's image (items with one image_id share it); remove zipfAlpha"),
        // The first conflicting key in file order.
        (#"{"layout": {"itemHeight": 80, "catalog": "items.csv", "itemCount": 7}}"#,
         "dir/s.json: layout.itemHeight: cannot be combined with layout.catalog (dir/items.csv), which gives each "
             + "item's height; remove itemHeight"),
        // The catalog's own problems.
        (#"{"layout": {"catalog": ""}}"#,
         "dir/s.json: layout.catalog: must name a CSV file (a path relative to the scenario file), found ''"),
        (#"{"layout": {"catalog": 3}}"#, "dir/s.json: layout.catalog: expected a string, found a number"),
        (#"{"layout": {"kind": "grid"}}"#,
         "dir/s.json: layout.itemCount: required key is missing; expected an integer from 1 to 10000000 (or give "
             + "layout.catalog instead)"),
    ]

    @Test(arguments: conflicts)
    func aKeyTheCatalogReplacesIsRefused(_ text: String, _ message: String) {
        let error = Self.failure(text)
        #expect(error?.description == message)
        #expect(error?.kind == .invalid)
    }

    @Test func aMissingOrBadCatalogNamesTheScenarioTheKeyAndTheFile() {
        let missing = Self.failure(#"{"layout": {"catalog": "other.csv"}}"#)
        #expect(missing?.description == "dir/s.json: layout.catalog: dir/other.csv: no such file")
        #expect(missing?.kind == .missing)  // exit 66, as a missing replay recording
        let bad = InMemoryScenarioFiles(["dir/items.csv": "height_pt,image_id,width_px,height_px,bytes\n80,a,0,1,1\n"])
        let invalid = Self.failure(#"{"layout": {"catalog": "items.csv"}}"#, files: bad)
        #expect(invalid?.description
            == "dir/s.json: layout.catalog: dir/items.csv: line 2, column 3 (width_px): must be an integer number of "
                + "pixels from 1 to 20000, found '0'")
        #expect(invalid?.kind == .invalid)
        #expect(Self.failure(#"{"layout": {"catalog": "items.csv"}}"#, files: NoScenarioFiles())?.description
            == "dir/s.json: layout.catalog: dir/items.csv: cannot read: this scenario was loaded without file access")
    }

    // MARK: Layout

    @Test func aGridRowIsAsTallAsItsTallestItem() throws {
        // Rows: items 0-2 (100, 120, 80) → 120; 3-5 (150, 100, 90) → 150; 6-7 (110, 100) → 110.
        let layout = CollectionLayout(try Self.grid().layout, streams: RandomStreams(seed: 1))
        let width = (390.0 - 2 * 10) / 3
        #expect(layout.rowCount == 3)
        #expect((0..<3).map(layout.rowHeight) == [120, 150, 110])
        #expect((0..<3).map(layout.rowTop) == [5, 135, 295])  // 5 + 120 + 10, 135 + 150 + 10
        #expect(layout.contentHeight == 405)
        #expect(layout.frame(ofItem: 0) == ItemFrame(x: 0, y: 5, width: width, height: 120))
        #expect(layout.frame(ofItem: 4) == ItemFrame(x: width + 10, y: 135, width: width, height: 150))
        // A cell's pixel size is its own height's, not its row's: the target of a downsampled decode.
        #expect(layout.cellPixelSize(ofItem: 0) == (370, 300))
        #expect(layout.cellPixelSize(ofItem: 1) == (370, 360))
        #expect(layout.cellPixelSize(ofItem: 5) == (370, 270))
        #expect(layout.cellPixelSize(ofItem: 6) == (370, 330))
        // Queries: a band inside the row gap (125-135) finds nothing; one that touches row 1 finds its items.
        #expect(layout.items(intersecting: 126, 134) == 0..<0)
        #expect(layout.items(intersecting: 130, 140) == 3..<6)
        #expect(layout.items(intersecting: 0, 1000) == 0..<8)
        #expect(layout.offsetToShow(item: 7) == 0)  // content shorter than the viewport
    }

    @Test func listedHeightQueriesAgreeWithAScanOverFrames() throws {
        // 500 items of 1...300 pt in a 4-column grid, against the brute-force oracle.
        var random = SplitMix64(seed: 11)
        var text = "height_pt,image_id,width_px,height_px,bytes\n"
        for item in 0..<500 { text += "\(1 + random.next() % 300),i\(item % 37),100,100,1000\n" }
        var config = Scenario.Layout(itemCount: 0)
        config.kind = .grid
        config.columns = 4
        config.spacing = 3
        config.catalog = try CatalogCSV.parse(Array(text.utf8), file: "x.csv")
        let layout = CollectionLayout(config, streams: RandomStreams(seed: 1))
        #expect(layout.itemCount == 500 && layout.rowCount == 125)
        for _ in 0..<300 {
            let minY = Double(random.next() % 40_000) - 100
            let maxY = minY + Double(random.next() % 2000)
            let expected = CollectionLayoutTests.bruteForce(layout, minY, maxY)
            let found = Array(layout.items(intersecting: minY, maxY))
            #expect(found == expected, "band \(minY)..<\(maxY)")
        }
    }

    // MARK: Images

    @Test func eachImageHasItsOwnPixelSizeBytesAndDecodeCost() throws {
        var scenario = try Self.grid()
        scenario.costs.decodeMsPerMegapixel = 10
        scenario.costs.thumbnailMsPerMegapixel = 2
        let simulator = Simulator(scenario: scenario, seed: 1, strategyName: "idle",
                                  factory: { _ in IdleStrategy() }, observer: nil)
        let environment = try #require(simulator.environment)
        // Items map to dense image ids; each image has the catalog's size and bytes.
        #expect((0..<8).map(environment.imageID(forItem:)) == [0, 1, 0, 2, 1, 3, 1, 2])
        #expect(environment.imagePixelSize(ofImage: 0) == (1080, 1350))
        #expect(environment.imagePixelSize(ofImage: 3) == (1080, 1080))
        #expect((0..<4).map(environment.encodedBytes(ofImage:)) == [120_000, 5000, 60000, 90000])
        // A full decode costs the image's own megapixels: 1080 × 1350 = 1.458 MP at 10 ms/MP.
        let (fullCost, full) = simulator.makeDecodedImage(0, mode: .full)
        #expect(fullCost == 14_580_000)
        #expect(full.decodedBytes == 1080 * 1350 * 4)
        let (avatarCost, avatar) = simulator.makeDecodedImage(1, mode: .full)
        #expect(avatarCost == 225_000)  // 0.0225 MP
        #expect(avatar.decodedBytes == 90_000)
        // A thumbnail keeps the image's aspect ratio: 1080 × 566 to 300 on the long side.
        let (thumbnailCost, thumbnail) = simulator.makeDecodedImage(2, mode: .thumbnail(maxPixelSize: 300))
        #expect((thumbnail.pixelWidth, thumbnail.pixelHeight) == (300, 157))
        #expect(thumbnailCost == 1_222_560)  // 2 ms × 0.61128 MP
        #expect(environment.pixelSize(ofImage: 3, mode: .thumbnail(maxPixelSize: 300)) == (300, 300))
        #expect(environment.pixelSize(ofImage: 0, mode: .thumbnail(maxPixelSize: 300)) == (240, 300))
        #expect(environment.pixelSize(ofImage: 1, mode: .thumbnail(maxPixelSize: 300)) == (150, 150))
        #expect(environment.makeUndecodedImage(3).decodedBytes == 1080 * 1080 * 4)
        // Outputs describe the same sizes.
        #expect(scenario.imagePixelSize(ofImage: 2) == (1080, 566))
    }

    @Test func withoutACatalogEveryImageHasTheImagesSize() throws {
        let scenario = try ScenarioLoader.parse(
            #"{"layout": {"itemCount": 20}, "images": {"width": 640, "height": 480, "distinct": 5}}"#, file: "s.json")
        let simulator = Simulator(scenario: scenario, seed: 1, strategyName: "idle",
                                  factory: { _ in IdleStrategy() }, observer: nil)
        let environment = try #require(simulator.environment)
        #expect((0..<7).map(environment.imageID(forItem:)) == [0, 1, 2, 3, 4, 0, 1])
        #expect(environment.imagePixelSize(ofImage: 3) == (640, 480))
        #expect(scenario.imagePixelSize(ofImage: 3) == (640, 480))
    }
}
