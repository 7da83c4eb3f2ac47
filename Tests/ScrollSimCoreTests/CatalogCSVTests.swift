import Testing

@testable import ScrollSimCore

/// `CatalogCSV`: what a catalog file decodes to, and the exact error of every bad file
/// (docs/workloads.md).
@Suite struct CatalogCSVTests {
    /// The header line.
    static let header = "height_pt,image_id,width_px,height_px,bytes\n"

    /// The error of parsing `text` as `items.csv`, or nil when it parses.
    static func failure(_ text: String, maxItems: Int = CatalogCSV.maxItems) -> String? {
        do {
            _ = try CatalogCSV.parse(Array(text.utf8), file: "items.csv", maxItems: maxItems)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func imagesAreNumberedInOrderOfFirstAppearanceAndSharedByID() throws {
        // Given five items, three of which show two images ("b" twice, "a" twice).
        let text = Self.header + """
            88,b,150,150,4000
            300.5,a,1080,1350,120000
            88,b,150,150,4000
            "120",a,1080,1350,120000
            1.2e2,"c,with comma",1080,566,60000
            """
        // When it is parsed.
        let catalog = try CatalogCSV.parse(Array(text.utf8), file: "items.csv")
        // Then "b" is image 0, "a" image 1, the quoted id with a comma image 2.
        #expect(catalog.itemCount == 5)
        #expect(catalog.itemHeights == [88, 300.5, 88, 120, 120])
        #expect(catalog.imageOfItem == [0, 1, 0, 1, 2])
        #expect(catalog.images == [
            ItemCatalog.Image(pixelWidth: 150, pixelHeight: 150, bytes: 4000),
            ItemCatalog.Image(pixelWidth: 1080, pixelHeight: 1350, bytes: 120_000),
            ItemCatalog.Image(pixelWidth: 1080, pixelHeight: 566, bytes: 60000),
        ])
        #expect(catalog.file == "items.csv")
        // CRLF line ends and a missing last line end read the same.
        let crlf = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n") + "\r\n"
        #expect(try CatalogCSV.parse(Array(crlf.utf8), file: "items.csv") == catalog)
    }

    /// Each bad file and its exact message.
    static let invalidFiles: [(text: String, message: String)] = [
        ("", "items.csv: the file is empty; expected the header 'height_pt,image_id,width_px,height_px,bytes' "
            + "and then one item per line"),
        ("height,id,w,h,bytes\n88,a,1,1,1\n",
         "items.csv: line 1: missing header: the first line must be 'height_pt,image_id,width_px,height_px,bytes', "
             + "found 'height,id,w,h,bytes'"),
        (header, "items.csv: no items after the header; expected at least one line "
            + "'<height_pt>,<image_id>,<width_px>,<height_px>,<bytes>'"),
        (header + "88,a,150,150\n",
         "items.csv: line 2: expected 5 fields, height_pt,image_id,width_px,height_px,bytes, found 4 fields"),
        (header + "88,a,150,150,4000\n\n",
         "items.csv: line 3: expected 5 fields, height_pt,image_id,width_px,height_px,bytes, found an empty line"),
        (header + "tall,a,150,150,4000\n",
         "items.csv: line 2, column 1 (height_pt): expected a number of points, found 'tall'"),
        (header + "nan,a,150,150,4000\n",
         "items.csv: line 2, column 1 (height_pt): must be a finite number of points, found 'nan'"),
        (header + "0,a,150,150,4000\n",
         "items.csv: line 2, column 1 (height_pt): must be a number of points from 1 to 10000, found '0'"),
        (header + "-88,a,150,150,4000\n",
         "items.csv: line 2, column 1 (height_pt): must be a number of points from 1 to 10000, found '-88'"),
        (header + "10000.5,a,150,150,4000\n",
         "items.csv: line 2, column 1 (height_pt): must be a number of points from 1 to 10000, found '10000.5'"),
        (header + "88,,150,150,4000\n",
         "items.csv: line 2, column 2 (image_id): must not be empty: an image's id (its URL, a hash, a number)"),
        (header + "88,a,1.5e3,150,4000\n",
         "items.csv: line 2, column 3 (width_px): expected an integer number of pixels from 1 to 20000, found '1.5e3'"),
        (header + "88,a,150,0,4000\n",
         "items.csv: line 2, column 4 (height_px): must be an integer number of pixels from 1 to 20000, found '0'"),
        (header + "88,a,150,99999999999999999999999,4000\n",
         "items.csv: line 2, column 4 (height_px): must be an integer number of pixels from 1 to 20000, found "
             + "'99999999999999999999999'"),
        (header + "88,a,150,150,-4\n",
         "items.csv: line 2, column 5 (bytes): expected an integer number of bytes from 1 to 1000000000, found '-4'"),
        (header + "88,a,150,150,1000000001\n",
         "items.csv: line 2, column 5 (bytes): must be an integer number of bytes from 1 to 1000000000, found "
             + "'1000000001'"),
        (header + "88,a,150,150,4000\n90,b,10,10,10\n88,a,150,151,4000\n",
         "items.csv: line 4, column 4 (height_px): image_id 'a' has two sizes: 150×150 px and 4000 bytes on line 2, "
             + "150×151 px and 4000 bytes on line 4; every row of one image must give the same size"),
        (header + "88,a,150,150,4000\n88,a,150,150,4001\n",
         "items.csv: line 3, column 5 (bytes): image_id 'a' has two sizes: 150×150 px and 4000 bytes on line 2, "
             + "150×150 px and 4001 bytes on line 3; every row of one image must give the same size"),
        (header + "88,\"a\"b,150,150,4000\n",
         "items.csv: line 2, column 2 (image_id): unexpected text after a closing quote"),
        (header + "88,\"a,150,150,4000\n", "items.csv: line 2, column 2 (image_id): a quoted field is not closed"),
    ]

    @Test(arguments: invalidFiles)
    func aBadFileIsRefusedWithItsLineAndColumn(_ text: String, _ message: String) {
        #expect(Self.failure(text) == message)
    }

    @Test func theItemAndSizeLimits() {
        let two = Self.header + "88,a,1,1,1\n88,b,1,1,1\n"
        #expect(Self.failure(two, maxItems: 2) == nil)
        #expect(Self.failure(two + "88,c,1,1,1\n", maxItems: 2)
            == "items.csv: line 4: more than 2 items; a catalog holds at most 2")
        let longID = String(repeating: "x", count: CatalogCSV.maxImageIDBytes + 1)
        #expect(Self.failure(Self.header + "88,\(longID),1,1,1\n")
            == "items.csv: line 2, column 2 (image_id): must be at most 4096 bytes long, found 4097")
        let tooLarge = [UInt8](repeating: UInt8(ascii: "1"), count: CatalogCSV.maxBytes + 1)
        let refusal = InputError(.invalid, file: "items.csv", "larger than 64 MiB, the limit for this kind of file")
        #expect(throws: refusal) {
            try CatalogCSV.parse(tooLarge, file: "items.csv")
        }
        #expect(CatalogCSV.maxBytes == 64 << 20)
    }

    @Test("an image_id that is not UTF-8 is refused: two different ones would both read as U+FFFD, one image")
    func anIDThatIsNotUTF8() throws {
        let bytes = Array(Self.header.utf8) + [0x31, 0x30, 0x30, 0x2C, 0xFF, 0x2C, 0x31, 0x2C, 0x31, 0x2C, 0x31, 0x0A]
            + [0x31, 0x30, 0x30, 0x2C, 0xFE, 0x2C, 0x32, 0x2C, 0x32, 0x2C, 0x32, 0x0A]
        #expect(throws: InputError(.invalid, file: "items.csv", at: .line(2, column: 2, name: "image_id"),
                                   "not valid UTF-8 text: an image's id is text (its URL, a hash, a number)")) {
            try CatalogCSV.parse(bytes, file: "items.csv")
        }
        // Valid multi-byte ids stay distinct images.
        let text = Self.header + "100,é,1,1,1\n100,è,2,2,2\n"
        #expect(try CatalogCSV.parse(Array(text.utf8), file: "items.csv").imageCount == 2)
    }
}
