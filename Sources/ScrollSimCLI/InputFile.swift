import Foundation

/// Reads input files (CSV files, sweep files) with POSIX calls, so the reasons in messages are
/// `strerror` text, the same on every platform, worded like `ScenarioFiles`' ("no such file",
/// "cannot read: is a directory", "cannot read: permission denied").
enum InputFile {
    /// The bytes of the file at `path`.
    /// - Throws: `InputFileError` (exit 66) naming `path`.
    static func read(_ path: String) throws(InputFileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw InputFileError(path: path, reason: errno == ENOENT ? "no such file" : "cannot read: \(lastErrorText())")
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw InputFileError(path: path, reason: "cannot read: is a directory")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw InputFileError(path: path, reason: "cannot read: \(lastErrorText())")
            }
        }
    }

    /// `strerror(errno)` with a lower-case first letter, e.g. "permission denied".
    static func lastErrorText() -> String {
        let text = String(cString: strerror(errno))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// An input file that is missing or unreadable (exit 66, SPEC §10).
struct InputFileError: Error, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    var path: String
    /// Why it could not be read.
    var reason: String

    /// "<path>: <reason>".
    var description: String { "\(path): \(reason)" }
}
