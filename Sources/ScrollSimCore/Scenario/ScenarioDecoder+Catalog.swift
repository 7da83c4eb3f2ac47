// `layout.catalog`: a real feed's items from a CSV file next to the scenario (docs/workloads.md).

extension ScenarioDecoder {
    /// `layout.catalog` (`key`): the catalog, read now (through `files`) so the scenario holds it.
    func catalog(_ value: JSONValue, at path: String, _ key: ScenarioKey) throws(ScenarioError) -> ItemCatalog {
        let name = try filePath(value, at: path, key)
        do {
            return try files.itemCatalog(atPath: Self.resolve(name, nextTo: file))
        } catch {
            // The catalog's own problem, at the `catalog` key; a missing or unreadable catalog
            // keeps its kind (exit 66).
            throw ScenarioError(kind: error.kind, file: file, path: path, message: error.description)
        }
    }

    /// The error for `key` (at `path`: a `layout` or `images` key) given with a catalog, which
    /// replaces it.
    func catalogConflict(at path: String, key: String, catalog: ItemCatalog) -> ScenarioError {
        let gives = switch key {
        case "itemCount": "the item count (one item per line)"
        case "itemHeight", "itemHeightRange": "each item's height"
        case "width", "height": "each image's pixel size"
        case "bytesMedian", "bytesP95": "each image's encoded bytes"
        default: "each item's image (items with one image_id share it)"  // distinct, zipfAlpha
        }
        return invalid(path, "cannot be combined with layout.catalog (\(catalog.file)), which gives \(gives); "
                           + "remove \(key)")
    }
}
