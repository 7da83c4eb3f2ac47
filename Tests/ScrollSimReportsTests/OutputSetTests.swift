import Foundation
import ScrollSimReports
import ScrollSimTestSupport
import Testing

/// `OutputSet`: every file of a command, or none of them.
@Suite struct OutputSetTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    @Test("publishes every file, making directories, leaving no temporary file")
    func publishes() throws {
        var set = OutputSet()
        set.addDirectory(directory + "/empty")
        set.add("a\n", toFile: directory + "/x/a.csv")
        set.add("b\n", toFile: directory + "/b.csv")
        try set.publish()
        #expect(directoryEntries(directory) == ["b.csv", "empty", "x"])
        #expect(directoryEntries(directory + "/x") == ["a.csv"])
        #expect(fileText(directory + "/b.csv") == "b\n")
    }

    @Test("one file that cannot be written publishes none and leaves the old files as they were")
    func allOrNothing() throws {
        try write("a.csv", "old\n")
        try FileManager.default.createDirectory(atPath: directory + "/taken", withIntermediateDirectories: false)
        var set = OutputSet()
        set.add("new\n", toFile: directory + "/a.csv")
        set.add("x\n", toFile: directory + "/taken")  // a directory: not a regular file
        #expect(throws: FileWriteError(path: directory + "/taken", reason: "exists and is not a regular file")) {
            try set.publish()
        }
        #expect(fileText(directory + "/a.csv") == "old\n")
        #expect(directoryEntries(directory) == ["a.csv", "taken"])
    }
}
