import Foundation
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport
import Testing

@Suite struct ScenarioFilesTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// The error loading `path` throws, or nil.
    private func loadError(_ path: String) -> InputError? {
        do {
            _ = try ScenarioFiles.load(path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func loadsAFileAndNamesTheScenarioAfterIt() throws {
        let path = try write("photo-grid.json", #"{"layout": {"itemCount": 10}}"#)
        let scenario = try ScenarioFiles.load(path: path)
        #expect(scenario.name == "photo-grid")
        #expect(scenario.layout.itemCount == 10)
    }

    @Test func missingFileIsMissing() {
        let path = directory + "/absent.json"
        let failure = loadError(path)
        #expect(failure == InputError(.missing, file: path, "no such file"))
        #expect(failure?.description == "\(path): no such file")
    }

    @Test func directoryIsUnreadableAsAFile() {
        let failure = loadError(directory)
        #expect(failure == InputError(.unreadable, file: directory, "cannot read: is a directory"))
    }

    #if os(Linux)
    @Test func readFailureGivesTheSystemReason() {
        // /proc/self/mem exists but reading it from offset 0 fails with EIO, even as root.
        let failure = loadError("/proc/self/mem")
        #expect(failure?.kind == .unreadable)
        #expect(failure?.message == "cannot read: input/output error")
    }
    #endif

    @Test func invalidUTF8IsInvalidContentWithItsPosition() throws {
        let path = directory + "/bad.json"
        try Data(Array("{\"name\": \"a".utf8) + [0xFF] + Array("\"}".utf8)).write(to: URL(fileURLWithPath: path))
        let failure = loadError(path)
        #expect(failure?.kind == .invalid)
        #expect(failure?.description
                == "\(path): invalid JSON at line 1, column 12: invalid UTF-8 (byte 0xFF) in a string")
    }

    @Test func contentErrorsAreInvalidAndNameTheFileAsGiven() throws {
        let path = try write("s.json", #"{"layout": {"itemCont": 5}}"#)
        let failure = loadError(path)
        #expect(failure == InputError(.invalid, file: path, at: .path("layout.itemCont"),
                                      "unknown key; did you mean 'itemCount'?"))
    }

    @Test func directoriesExpandToTheirJSONFilesInByteOrder() throws {
        // Given files whose locale order and byte order differ, plus files to skip
        for name in ["b.json", "B.json", "a.json", "é.json", "_x.json", "notes.txt", ".hidden.json", "a.json.bak"] {
            try write(name, "{}")
        }
        try FileManager.default.createDirectory(atPath: directory + "/sub.json", withIntermediateDirectories: false)
        let single = try write("single.txt", "{}")

        // When a file and the directory (with a trailing slash) are expanded
        let files = try ScenarioFiles.expand(paths: [single, directory + "/"])

        // Then the file stays and the directory gives its *.json files sorted by bytes
        let names = ["B.json", "_x.json", "a.json", "b.json", "single.txt", "é.json"].filter { $0 != "single.txt" }
        #expect(files == [single] + names.map { directory + "/" + $0 })
        #expect(try ScenarioFiles.expand(paths: [directory]) == names.map { directory + "/" + $0 })
    }

    @Test func expandingAMissingPathIsUnreadable() {
        let path = directory + "/nowhere"
        #expect(throws: InputError(.missing, file: path, "no such file or directory")) {
            try ScenarioFiles.expand(paths: [directory, path])
        }
    }
}
