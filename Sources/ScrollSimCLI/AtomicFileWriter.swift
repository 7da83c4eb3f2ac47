import Foundation

/// Writes output files so that no reader, and no failure, ever leaves a partial one behind
/// (SPEC §10: "Invalid input never leaves a partial output file behind").
///
/// A file is written into a new temporary file in the same directory (`.<name>.tmp-<pid>-<n>`,
/// created exclusively), flushed with `fsync`, then renamed over the destination. `rename(2)`
/// within one directory is atomic: the destination is either the old file or the complete new
/// one. On any error the temporary file is removed. Directories are created like `mkdir -p`.
/// POSIX calls are used directly so that error messages are `strerror` text, the same on every
/// platform, rather than Foundation's localized descriptions.
public enum AtomicFileWriter {
    /// Writes `contents` (UTF-8) to `path`, replacing any existing file atomically.
    /// - Throws: `FileWriteError` naming `path` and the system's reason.
    public static func write(_ contents: String, toFile requestedPath: String) throws(FileWriteError) {
        let path = try destination(of: requestedPath)
        let (directory, name) = split(path)
        var temporaryPath = ""
        var descriptor: Int32 = -1
        for attempt in 0..<1000 {
            temporaryPath = "\(directory)/.\(name).tmp-\(getpid())-\(attempt)"
            descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: lastErrorText()) }

        if let reason = CommandOutput.writeAll(Array(contents.utf8), to: descriptor) {
            close(descriptor)
            unlink(temporaryPath)
            throw FileWriteError(path: path, reason: reason)
        }
        if fsync(descriptor) != 0 || close(descriptor) != 0 {
            let reason = lastErrorText()
            unlink(temporaryPath)
            throw FileWriteError(path: path, reason: reason)
        }
        if rename(temporaryPath, path) != 0 {
            let reason = lastErrorText()
            unlink(temporaryPath)
            throw FileWriteError(path: path, reason: reason)
        }
    }

    /// Creates the directory at `path` and any missing parents (`mkdir -p`); an existing
    /// directory is fine.
    /// - Throws: `FileWriteError` when a component exists and is not a directory, or cannot be made.
    public static func createDirectory(atPath path: String) throws(FileWriteError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
            if mkdir(prefix, 0o755) == 0 { continue }
            let reason = lastErrorText()
            guard errno == EEXIST else { throw FileWriteError(path: prefix, reason: reason) }
            var status = stat()
            guard stat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw FileWriteError(path: prefix, reason: "exists and is not a directory")
            }
        }
    }

    /// Where writing `path` must go: `path` itself when it does not exist or is a regular file;
    /// the file a symbolic link points to (so the link survives); never a device, directory,
    /// FIFO or socket, which a rename would replace (`--html /dev/null` run as root).
    /// - Throws: `FileWriteError` for a destination that is not a regular file.
    static func destination(of path: String) throws(FileWriteError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return path }  // does not exist (yet): create it
        var resolved = path
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let target = realpath(path, nil) else {
                // A dangling link: write where it points.
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(path, &buffer, buffer.count - 1)
                guard length > 0 else { throw FileWriteError(path: path, reason: lastErrorText()) }
                let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return link.hasPrefix("/") ? link : split(path).directory + "/" + link
            }
            resolved = String(cString: target)
            free(target)
            guard stat(resolved, &info) == 0 else { return resolved }
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileWriteError(path: path, reason: "exists and is not a regular file")
        }
        return resolved
    }

    /// Whether `output` names an existing file that is also one of `inputs` (same device and
    /// inode, so `./a.csv`, `a.csv` and a link to it all match): writing it would destroy an input.
    public static func overwritesInput(_ output: String, inputs: [String]) -> String? {
        var target = stat()
        guard stat(output, &target) == 0 else { return nil }
        for input in inputs {
            var info = stat()
            if stat(input, &info) == 0 && info.st_dev == target.st_dev && info.st_ino == target.st_ino { return input }
        }
        return nil
    }

    /// `path` split into its directory ("." when none) and its last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// `strerror(errno)`, e.g. "No such file or directory".
    static func lastErrorText() -> String { String(cString: strerror(errno)) }
}

/// An output file or directory that could not be written (exit 1, SPEC §10).
public struct FileWriteError: Error, Equatable, CustomStringConvertible {
    /// The file or directory concerned.
    public var path: String
    /// Why, as the system put it.
    public var reason: String

    /// An error about `path`, for `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "cannot write '<path>': <reason>".
    public var description: String { "cannot write '\(path)': \(reason)" }
}
