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
///
/// A file too large to hold in memory is streamed (`addStream`): its temporary file is made at
/// once (with its directory) and written as the command goes; it is published, or removed, with
/// the rest. Scratch files (`addScratch`) are temporaries an output needs while it is made; they
/// are removed when the set is published or discarded.
public struct OutputSet {
    /// The files, in the order they were added.
    public private(set) var files: [(path: String, bytes: [UInt8])] = []
    /// Directories to make even when no file goes into them.
    public private(set) var directories: [String] = []

    /// Files written as the command goes, in the order they were added (published after `files`).
    public private(set) var streams: [StreamedFile] = []
    /// Scratch files, removed when the set is published or discarded.
    private var scratches: [ScratchFile] = []
    /// Directories `addStream` and `addScratch` made (parents first), removed again when the set
    /// fails or is discarded (only while empty: `rmdir`).
    private var createdDirectories: [String] = []

    /// An empty set.
    public init() {}

    /// Starts the file at `path`, streamed: its directory is made and its temporary file created now.
    /// - Throws: `FileWriteError` (nothing of this file is left behind).
    public mutating func addStream(toFile path: String) throws(FileWriteError) -> StreamedFile {
        try createDirectory(of: path)
        let stream = try StreamedFile(path: path)
        streams.append(stream)
        return stream
    }

    /// A scratch file next to the output `path` (its directory is made now).
    /// - Throws: `FileWriteError`.
    public mutating func addScratch(near path: String) throws(FileWriteError) -> ScratchFile {
        try createDirectory(of: path)
        let scratch = try ScratchFile(near: path)
        scratches.append(scratch)
        return scratch
    }

    /// Makes the directory of `path` and its missing parents, recording them in `createdDirectories`.
    /// - Throws: `FileWriteError`.
    private mutating func createDirectory(of path: String) throws(FileWriteError) {
        try AtomicFileWriter.createDirectory(atPath: AtomicFileWriter.split(path).directory,
                                             created: &createdDirectories)
    }

    /// Removes the temporary file of every stream and every scratch file (the command failed):
    /// no file of the set is published.
    public func discard() {
        for stream in streams { stream.discard() }
        for scratch in scratches { scratch.discard() }
        for directory in createdDirectories.reversed() { rmdir(directory) }
    }

    /// Adds `text` (UTF-8) as the content of `path`.
    public mutating func add(_ text: String, toFile path: String) { files.append((path, Array(text.utf8))) }

    /// Adds a directory to make.
    public mutating func addDirectory(_ path: String) { directories.append(path) }

    /// Makes the directories, writes every file to its temporary name, then renames them all.
    /// - Throws: the first `FileWriteError`; no file of the set is published then.
    public func publish() throws(FileWriteError) {
        for scratch in scratches { scratch.discard() }
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
            for stream in streams {
                try stream.finish()
                staged.append(stream.staged)
            }
        } catch {
            for file in staged { file.discard() }
            for stream in streams { stream.discard() }
            for directory in (createdDirectories + created).reversed() { rmdir(directory) }
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
