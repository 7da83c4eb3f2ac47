#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output files of one command, published together: every file is written to a temporary
/// file first, and only when all of them are complete are they renamed over their destinations.
/// A failure while writing (an unwritable directory, a full disk) removes every temporary file
/// and leaves every destination as it was.
///
/// The renames come last and do not fail in practice (same directory, checked destinations); if
/// one did, the files renamed before it stay published and the rest are removed. Directories are
/// made before anything is written, each file's own directory included; when the set fails before
/// its renames, the directories it made are removed again (those it found stay), so a failed
/// command leaves nothing behind. Stale temporaries of killed processes in the set's directories
/// are removed first (`AtomicFileWriter.removeStaleTemporaries`).
public struct OutputSet {
    /// The files, in the order they were added.
    public private(set) var files: [(path: String, bytes: [UInt8])] = []
    /// Directories to make even when no file goes into them.
    public private(set) var directories: [String] = []

    /// An empty set.
    public init() {}

    /// Adds `text` (UTF-8) as the content of `path`.
    public mutating func add(_ text: String, toFile path: String) { files.append((path, Array(text.utf8))) }

    /// Adds a directory to make.
    public mutating func addDirectory(_ path: String) { directories.append(path) }

    /// Makes the directories, writes every file to its temporary name, then renames them all.
    /// - Throws: the first `FileWriteError`; no file of the set is published then.
    public func publish() throws(FileWriteError) {
        var created: [String] = []
        var staged: [AtomicFileWriter.StagedFile] = []
        do {
            for directory in directories { try AtomicFileWriter.createDirectory(atPath: directory, created: &created) }
            var cleaned = Set<String>()  // membership only
            for file in files {
                let directory = AtomicFileWriter.split(file.path).directory
                try AtomicFileWriter.createDirectory(atPath: directory, created: &created)
                if cleaned.insert(directory).inserted { AtomicFileWriter.removeStaleTemporaries(in: directory) }
            }
            for file in files { staged.append(try AtomicFileWriter.stage(file.bytes, for: file.path)) }
        } catch {
            for file in staged { file.discard() }
            for directory in created.reversed() { rmdir(directory) }
            throw error
        }
        for (index, file) in staged.enumerated() {
            do {
                try file.publish()
            } catch {
                for rest in staged[(index + 1)...] { rest.discard() }
                throw error
            }
        }
    }
}
