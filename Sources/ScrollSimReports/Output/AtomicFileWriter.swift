#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes output files so that no reader, and no failure, ever sees a partial one.
///
/// A file is written into a new temporary file in its destination's directory
/// (`.<name>.scrollsim-tmp-<pid>-<n>`, created exclusively: a hidden name that says what it is
/// and which process made it), flushed with `fsync`, then renamed over the destination.
/// `rename(2)` within one directory is atomic: the destination is either the old file or the
/// complete new one. On any error the temporary file is removed. A process killed while writing
/// (SIGKILL; SIGXFSZ and SIGPIPE are ignored by the CLI, so those become errors) cannot remove its
/// temporaries: the next write into that directory removes every `scrollsim-tmp` file whose
/// process no longer exists (`removeStaleTemporaries`). Directories are created like `mkdir -p`.
/// `OutputSet` builds on these steps to publish several files only when all of them could be
/// written.
public enum AtomicFileWriter {
    /// Writes `contents` (UTF-8) to `path`, replacing any existing file atomically.
    /// - Throws: `FileWriteError` naming `path` and the system's reason.
    public static func write(_ contents: String, toFile path: String) throws(FileWriteError) {
        removeStaleTemporaries(in: split((try? destination(of: path)) ?? path).directory)
        let staged = try stage(Array(contents.utf8), for: path)
        try staged.publish()
    }

    /// A file written to its temporary name, waiting to be renamed over its destination.
    struct StagedFile {
        /// The destination (a symbolic link's target when the path named a link).
        var destination: String
        /// The temporary file.
        var temporary: String

        /// Renames the temporary file over the destination.
        /// - Throws: `FileWriteError`, after removing the temporary file.
        func publish() throws(FileWriteError) {
            if rename(temporary, destination) != 0 {
                let reason = SystemError.last
                discard()
                throw FileWriteError(path: destination, reason: reason)
            }
        }

        /// Removes the temporary file.
        func discard() { unlink(temporary) }
    }

    /// Writes `bytes` to a new temporary file next to `path`'s destination and flushes it.
    /// - Throws: `FileWriteError` (nothing is left behind).
    static func stage(_ bytes: [UInt8], for requestedPath: String) throws(FileWriteError) -> StagedFile {
        let (path, temporaryPath, descriptor) = try createTemporary(for: requestedPath)
        if let reason = Descriptor.writeAll(bytes, to: descriptor) {
            close(descriptor)
            unlink(temporaryPath)
            throw FileWriteError(path: path, reason: reason)
        }
        if fsync(descriptor) != 0 || close(descriptor) != 0 {
            let reason = SystemError.last
            unlink(temporaryPath)
            throw FileWriteError(path: path, reason: reason)
        }
        return StagedFile(destination: path, temporary: temporaryPath)
    }

    /// The part of a temporary file's name after its destination's name.
    static let temporaryMarker = ".scrollsim-tmp-"

    /// Removes the temporary files (`.<name>.scrollsim-tmp-<pid>-<n>`) in `directory` whose
    /// process no longer exists: what a killed run left. A live process's files stay (another
    /// scrollsim writing there now). Errors are ignored: this is housekeeping.
    public static func removeStaleTemporaries(in directory: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        var stale: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("."), let marker = name.range(of: temporaryMarker, options: .backwards) else {
                continue
            }
            let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, Int(parts[1]) != nil else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { stale.append(join(directory, name)) }
        }
        for path in stale {
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(path) }
        }
    }

    /// Creates a new, empty temporary file for `requestedPath` (next to its destination, named as
    /// `stage` names them), opened for reading and writing.
    /// - Returns: the destination, the temporary file's path and its open descriptor.
    /// - Throws: `FileWriteError` naming the destination (nothing is left behind).
    static func createTemporary(for requestedPath: String) throws(FileWriteError)
        -> (destination: String, temporary: String, descriptor: Int32) {
        let path = try destination(of: requestedPath)
        let (directory, name) = split(path)
        var temporaryPath = ""
        var descriptor: Int32 = -1
        for attempt in 0..<1000 {
            temporaryPath = "\(directory)/.\(name).scrollsim-tmp-\(getpid())-\(attempt)"
            descriptor = open(temporaryPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: SystemError.last) }
        return (path, temporaryPath, descriptor)
    }

    /// Creates the directory at `path` and any missing parents (`mkdir -p`); an existing
    /// directory is fine.
    /// - Throws: `FileWriteError` when a component exists and is not a directory, or cannot be made.
    public static func createDirectory(atPath path: String) throws(FileWriteError) {
        var created: [String] = []
        try createDirectory(atPath: path, created: &created)
    }

    /// `createDirectory(atPath:)`, appending each directory it made to `created` (parents
    /// first), so a failed output set can remove them again.
    static func createDirectory(atPath path: String, created: inout [String]) throws(FileWriteError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
            if mkdir(prefix, 0o755) == 0 {
                created.append(prefix)
                continue
            }
            let reason = SystemError.last
            guard errno == EEXIST else { throw FileWriteError(path: prefix, reason: reason) }
            var status = stat()
            guard stat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw FileWriteError(path: prefix, reason: "exists and is not a directory")
            }
        }
    }

    /// Checks, making nothing, that `createDirectory(atPath:)` would not find a component of
    /// `path` that exists and is not a directory: a command checks its outputs' directories so
    /// before its work, since that failure would otherwise come only when it publishes (a sweep's
    /// hours of runs lost for `--out file/result.csv`).
    /// - Throws: the `FileWriteError` `createDirectory(atPath:)` would throw for that component.
    public static func checkDirectory(atPath path: String) throws(FileWriteError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
            var status = stat()
            guard stat(prefix, &status) == 0 else { return }  // to be made (or refused when made)
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw FileWriteError(path: prefix, reason: "exists and is not a directory")
            }
        }
    }

    /// Where writing `path` must go: `path` itself when it does not exist or is a regular file;
    /// the file a symbolic link points to (so the link survives); never a device, directory,
    /// FIFO or socket, which a rename would replace (`--html /dev/null` run as root).
    /// - Throws: `FileWriteError` for a destination that is not a regular file.
    public static func destination(of path: String) throws(FileWriteError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return path }  // does not exist (yet): create it
        // What the path names, links followed (`/dev/stdout` is a link to a pipe or a terminal
        // through /proc): when that exists it must be a regular file.
        var target = stat()
        if stat(path, &target) == 0, target.st_mode & S_IFMT != S_IFREG {
            throw FileWriteError(path: path, reason: "exists and is not a regular file")
        }
        var resolved = path
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let target = realpath(path, nil) else {
                // A dangling link: write where it points.
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(path, &buffer, buffer.count - 1)
                guard length > 0 else { throw FileWriteError(path: path, reason: SystemError.last) }
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

    /// `path` split into its directory ("." when none) and its last component.
    public static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// `directory/name`, without doubling a trailing slash.
    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// An output file or directory that could not be written (exit 1).
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
