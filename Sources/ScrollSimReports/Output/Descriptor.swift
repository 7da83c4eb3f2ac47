#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to a file descriptor: the one loop behind output files and the command's streams.
public enum Descriptor {
    /// Writes every byte to `descriptor`, retrying after partial writes and `EINTR`.
    /// - Returns: nil on success, else the reason it stopped (`SystemError` text).
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress, buffer.count)
            }
            if result > 0 {
                written += result
            } else if result < 0 && errno == EINTR {
                continue
            } else {
                return result == 0 ? "no bytes written" : SystemError.last
            }
        }
        return nil
    }
}
