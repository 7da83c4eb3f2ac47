/// The output files of one command, published together: every file is written to a temporary
/// file first, and only when all of them are complete are they renamed over their destinations.
/// A failure while writing (an unwritable directory, a full disk) removes every temporary file
/// and leaves every destination as it was.
///
/// The renames come last and do not fail in practice (same directory, checked destinations); if
/// one did, the files renamed before it stay published and the rest are removed. Directories are
/// made before anything is written, each file's own directory included.
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
        for directory in directories { try AtomicFileWriter.createDirectory(atPath: directory) }
        for file in files { try AtomicFileWriter.createDirectory(atPath: AtomicFileWriter.split(file.path).directory) }
        var staged: [AtomicFileWriter.StagedFile] = []
        do {
            for file in files { staged.append(try AtomicFileWriter.stage(file.bytes, for: file.path)) }
        } catch {
            for file in staged { file.discard() }
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
