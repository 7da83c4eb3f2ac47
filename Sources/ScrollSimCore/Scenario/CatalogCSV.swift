/// Reads a `layout.catalog` CSV file into an `ItemCatalog` (docs/workloads.md).
///
/// Format: the header `height_pt,image_id,width_px,height_px,bytes`, then one item per line, in
/// item order: the item's height in points, its image's id (any non-empty text: a URL, a hash, a
/// number), and that image's pixel width and height and encoded size in bytes. Rows that share
/// an `image_id` share the image, so they must give the same size (pixels and bytes). Records are
/// split by the project's one tokenizer (`CSVTokenizer`, RFC 4180): LF or CRLF line ends, the
/// last one optional; fields may be double-quoted (an id may then hold commas); no comments, no
/// blank lines, no spaces around numbers.
///
/// Values: `height_pt` a decimal number (`88`, `88.5`, `1.2e2`) from 1 to 10000, as
/// `layout.itemHeight`; `width_px` and `height_px` integers (digits only) from 1 to 20000, as
/// `images.width`; `bytes` an integer from 1 to 10^9; `image_id` UTF-8 text of at most 4096 bytes.
///
/// Limits: at most `maxBytes` (64 MiB, `InputLimit.catalog`) and `maxItems` (1,000,000) items.
///
/// It takes bytes and does no I/O; the scenario's file reader (`ScenarioFileReading`; on disk,
/// ScrollSimReports' `ReplayFileCache` through `InputFile`) reads the file, refusing one larger
/// than `maxBytes` before reading it all.
public enum CatalogCSV {
    /// The exact header.
    public static let header = "height_pt,image_id,width_px,height_px,bytes"
    /// The column names, in order.
    static let columns = ["height_pt", "image_id", "width_px", "height_px", "bytes"]
    /// The largest file, bytes (64 MiB).
    public static let maxBytes = InputLimit.catalog.bytes
    /// The most items in one catalog.
    public static let maxItems = 1_000_000
    /// The longest `image_id`, bytes.
    public static let maxImageIDBytes = 4096
    /// Allowed item heights, points (as `layout.itemHeight`).
    static let heightRange = 1.0...10_000.0
    /// Allowed pixel widths and heights (as `images.width`).
    static let pixelRange: ClosedRange<Int64> = 1...20_000
    /// Allowed encoded sizes, bytes.
    static let bytesRange: ClosedRange<Int64> = 1...1_000_000_000

    /// The catalog in `bytes`; `file` names it in errors.
    /// - Throws: `InputError` (`.invalid`) naming `file`, and the line and column when the
    ///   problem has them.
    /// - Complexity: O(bytes).
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> ItemCatalog {
        try parse(bytes, file: file, maxItems: maxItems)
    }

    /// `parse(_:file:)` with another item limit (tests).
    static func parse(_ bytes: [UInt8], file: String, maxItems: Int) throws(InputError) -> ItemCatalog {
        func failure(_ line: Int?, _ column: Int?, _ message: String) -> InputError {
            guard let line else { return InputError(.invalid, file: file, message) }
            let name = column.map { columns[$0 - 1] }
            return InputError(.invalid, file: file, at: .line(line, column: column, name: name),
                              message)
        }
        let emptyMessage = "the file is empty; expected the header '\(header)' and then one item per line"
        guard bytes.count <= maxBytes else { throw failure(nil, nil, InputLimit.catalog.tooLargeMessage) }
        guard !bytes.isEmpty else { throw failure(nil, nil, emptyMessage) }
        var reader = CSVTokenizer(bytes, file: file, columnNames: columns)
        guard let first = try reader.next() else { throw failure(nil, nil, emptyMessage) }
        guard first.fields.map({ String(decoding: $0, as: UTF8.self) }) == columns else {
            throw failure(first.line, nil,
                          "missing header: the first line must be '\(header)', found \(ReplayCSV.shown(first.text))")
        }
        var heights: [Double] = []
        var imageOfItem: [Int32] = []
        var images: [ItemCatalog.Image] = []
        var firstLineOfImage: [Int] = []
        var indexOfID: [String: Int32] = [:]  // looked up only, never iterated
        while let record = try reader.next() {
            guard heights.count < maxItems else {
                throw failure(record.line, nil, "more than \(maxItems) items; a catalog holds at most \(maxItems)")
            }
            guard record.fields.count == columns.count else {
                let count = record.fields.count
                let found = count == 1 && record.fields[0].isEmpty
                    ? "an empty line" : "\(count) field\(count == 1 ? "" : "s")"
                throw failure(record.line, nil, "expected \(columns.count) fields, \(header), found \(found)")
            }
            let fields = record.fields
            let height: Double
            switch ReplayCSV.number(fields[0]) {
            case .success(let value) where heightRange.contains(value): height = value
            case .success, .failure(.outOfRange):
                throw failure(record.line, 1,
                              "must be a number of points from 1 to 10000, found \(ReplayCSV.shown(fields[0]))")
            case .failure(let problem):
                throw failure(record.line, 1, problem.message(unit: "points", field: fields[0]))
            }
            guard !fields[1].isEmpty else {
                throw failure(record.line, 2, "must not be empty: an image's id (its URL, a hash, a number)")
            }
            guard fields[1].count <= maxImageIDBytes else {
                throw failure(record.line, 2, "must be at most \(maxImageIDBytes) bytes long, found \(fields[1].count)")
            }
            // Ids are compared as text: two different invalid byte sequences would both read as U+FFFD.
            let id = String(decoding: fields[1], as: UTF8.self)
            guard id.utf8.elementsEqual(fields[1]) else {
                throw failure(record.line, 2, "not valid UTF-8 text: an image's id is text (its URL, a hash, a number)")
            }
            let width = try integer(fields[2], in: pixelRange, unit: "pixels") { failure(record.line, 3, $0) }
            let pixelHeight = try integer(fields[3], in: pixelRange, unit: "pixels") { failure(record.line, 4, $0) }
            let size = try integer(fields[4], in: bytesRange, unit: "bytes") { failure(record.line, 5, $0) }
            let image = ItemCatalog.Image(pixelWidth: Int32(width), pixelHeight: Int32(pixelHeight), bytes: size)
            if let index = indexOfID[id] {
                let known = images[Int(index)]
                if known != image {
                    let column = known.pixelWidth != image.pixelWidth
                        ? 3 : known.pixelHeight != image.pixelHeight ? 4 : 5
                    throw failure(record.line, column, "image_id \(ReplayCSV.shown(fields[1])) has two sizes: "
                                      + "\(describe(known)) on line \(firstLineOfImage[Int(index)]), "
                                      + "\(describe(image)) on line \(record.line); every row of one image must "
                                      + "give the same size")
                }
                imageOfItem.append(index)
            } else {
                let index = Int32(images.count)
                indexOfID[id] = index
                images.append(image)
                firstLineOfImage.append(record.line)
                imageOfItem.append(index)
            }
            heights.append(height)
        }
        guard !heights.isEmpty else {
            throw failure(nil, nil, "no items after the header; expected at least one line "
                              + "'<height_pt>,<image_id>,<width_px>,<height_px>,<bytes>'")
        }
        return ItemCatalog(file: file, itemHeights: heights, imageOfItem: imageOfItem, images: images)
    }

    /// An integer field: ASCII digits only, within `range`; `failure` makes the error from a message.
    private static func integer(
        _ field: ArraySlice<UInt8>, in range: ClosedRange<Int64>, unit: String,
        failure: (String) -> InputError
    ) throws(InputError) -> Int64 {
        let phrase = "an integer number of \(unit) from \(range.lowerBound) to \(range.upperBound)"
        guard !field.isEmpty, field.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw failure("expected \(phrase), found \(ReplayCSV.shown(field))")
        }
        var value: Int64 = 0
        for digit in field {
            value = value * 10 + Int64(digit - UInt8(ascii: "0"))
            if value > range.upperBound { break }  // digits beyond cannot bring it back in range
        }
        guard range.contains(value) else { throw failure("must be \(phrase), found \(ReplayCSV.shown(field))") }
        return value
    }

    /// "1200×800 px and 90000 bytes".
    private static func describe(_ image: ItemCatalog.Image) -> String {
        "\(image.pixelWidth)×\(image.pixelHeight) px and \(image.bytes) bytes"
    }
}
