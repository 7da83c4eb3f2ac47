import Foundation
import ScrollSimReports
import ScrollSimTestSupport
import Testing

/// `AtomicFileWriter`, `OutputSet` and `OutputConflict`: complete files or none, never a temporary
/// file left behind, never an input overwritten.
@Suite struct AtomicFileWriterTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    @Test("writes the file and leaves no temporary file")
    func writes() throws {
        try AtomicFileWriter.write("a,b\n1,2\n", toFile: directory + "/summary.csv")
        #expect(fileText(directory + "/summary.csv") == "a,b\n1,2\n")
        #expect(directoryEntries(directory) == ["summary.csv"])
    }

    @Test("never replaces a FIFO or device; writes through a symbolic link, which survives")
    func nonRegularDestinations() throws {
        // A FIFO of our own stands for /dev/null and friends (a failure must not harm the machine).
        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: FileWriteError.self) { try AtomicFileWriter.write("x", toFile: fifo) }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.csv", withDestinationPath: "target.csv")
        try AtomicFileWriter.write("a\n", toFile: directory + "/link.csv")
        #expect(fileText(directory + "/target.csv") == "a\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.csv")) == "target.csv")
    }

    @Test("an output naming an input is recognised however it is spelled or linked")
    func outputNamingAnInput() throws {
        try write("in.csv", "a\n")
        try FileManager.default.createSymbolicLink(atPath: directory + "/alias.csv", withDestinationPath: "in.csv")
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: false)
        let input = directory + "/in.csv"
        for spelling in [directory + "/./alias.csv", directory + "/sub/../in.csv", directory + "//in.csv", input] {
            let conflict = OutputConflict.find(outputs: [(spelling, "--html <file>")], inputs: [input])
            #expect(conflict == OutputConflict(option: "--html <file>", output: spelling, input: input), "\(spelling)")
        }
        #expect(OutputConflict.find(outputs: [(directory + "/new.html", "--html <file>")], inputs: [input]) == nil)
        #expect(OutputConflict.find(outputs: [(directory + "/sub/in.csv", "--out <file>")], inputs: [input]) == nil)
        // An input that does not exist yet still matches by its resolved path.
        let absent = directory + "/absent.csv"
        let spelling = directory + "/sub/../absent.csv"
        #expect(OutputConflict.find(outputs: [(spelling, "--out <file>")], inputs: [absent]) != nil)
        #expect(OutputConflict(option: "--html <file>", output: "x", input: "in.csv").description
                == "'--html <file>' would overwrite the input 'in.csv'; write it elsewhere")
    }

    @Test("replaces an existing file whole")
    func replaces() throws {
        try AtomicFileWriter.write(String(repeating: "old\n", count: 1000), toFile: directory + "/f.csv")
        try AtomicFileWriter.write("new\n", toFile: directory + "/f.csv")
        #expect(fileText(directory + "/f.csv") == "new\n")
        #expect(directoryEntries(directory) == ["f.csv"])
    }

    @Test("a missing directory is an error naming the file; nothing is created")
    func missingDirectory() throws {
        #expect(throws: FileWriteError(path: directory + "/no/f.csv", reason: "no such file or directory")) {
            try AtomicFileWriter.write("x\n", toFile: directory + "/no/f.csv")
        }
        #expect(directoryEntries(directory) == [])
    }

    @Test("a failed rename removes the temporary file")
    func failedRename() throws {
        try FileManager.default.createDirectory(atPath: directory + "/taken", withIntermediateDirectories: false)
        try AtomicFileWriter.write("keep\n", toFile: directory + "/taken/inner")
        #expect(throws: FileWriteError.self) {
            try AtomicFileWriter.write("x\n", toFile: directory + "/taken")  // a non-empty directory cannot be replaced
        }
        #expect(directoryEntries(directory) == ["taken"])
        #expect(directoryEntries(directory + "/taken") == ["inner"])
    }

    @Test("creates nested directories, and accepts existing ones")
    func createsDirectories() throws {
        try AtomicFileWriter.createDirectory(atPath: directory + "/a/b/c")
        try AtomicFileWriter.createDirectory(atPath: directory + "/a/b/c/")
        try AtomicFileWriter.createDirectory(atPath: directory + "/a")
        #expect(directoryEntries(directory + "/a/b") == ["c"])
    }

    @Test("a file in the way of a directory is an error")
    func fileInTheWay() throws {
        try AtomicFileWriter.write("x\n", toFile: directory + "/plain")
        #expect(throws: FileWriteError(path: directory + "/plain", reason: "exists and is not a directory")) {
            try AtomicFileWriter.createDirectory(atPath: directory + "/plain/sub")
        }
    }
}
