#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's reason for a failed call, as messages show it: `strerror` text with a lower-case
/// first letter ("permission denied", "no such file or directory"). POSIX text is the same on
/// every platform, unlike Foundation's localized descriptions.
public enum SystemError {
    /// The text of error number `code`.
    public static func text(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The text of the calling thread's `errno`.
    public static var last: String { text(errno) }
}
