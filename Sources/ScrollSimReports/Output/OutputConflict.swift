#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output that would destroy an input: it is an input file, by any spelling or symbolic link.
/// Found before anything is written (exit 64).
public struct OutputConflict: Error, Equatable, CustomStringConvertible {
    /// The option that names the output, as help shows it (`--html <file>`).
    public var option: String
    /// The output file, as given.
    public var output: String
    /// The input, as given.
    public var input: String

    /// A conflict between `output`, named by `option`, and `input`.
    public init(option: String, output: String, input: String) {
        self.option = option
        self.output = output
        self.input = input
    }

    /// "'--html <file>' would overwrite the input 's.json'; write it elsewhere".
    public var description: String { "'\(option)' would overwrite the input '\(input)'; write it elsewhere" }

    /// The first output of `outputs` (file paths, each with its option) that is one of the
    /// `inputs` (the files read, not directories). Compared by device and inode
    /// when both exist, and by resolved absolute path (symbolic links, `.`, `..` resolved as far
    /// as the path exists), so `a.csv`, `./a.csv`, `dir/../a.csv` and a link to it all match.
    public static func find(outputs: [(path: String, option: String)], inputs: [String]) -> OutputConflict? {
        let resolvedInputs = inputs.map { (input: $0, identity: identity(of: $0), path: resolvedPath($0)) }
        for output in outputs {
            let target = (try? AtomicFileWriter.destination(of: output.path)) ?? output.path
            let outputIdentity = identity(of: target)
            let outputPath = resolvedPath(target)
            for input in resolvedInputs {
                if (outputIdentity != nil && outputIdentity == input.identity) || outputPath == input.path {
                    return OutputConflict(option: output.option, output: output.path, input: input.input)
                }
            }
        }
        return nil
    }

    /// Device and inode of the file at `path` (links followed), or nil when nothing is there.
    static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    /// `path` made absolute with its existing part resolved by `realpath` (links, `.`, `..`) and
    /// the rest appended, so a file that does not exist yet still compares by its directory.
    static func resolvedPath(_ path: String) -> String {
        var existing = path.isEmpty ? "." : path
        var rest: [Substring] = []
        while true {
            if let resolved = realpath(existing, nil) {
                let base = String(cString: resolved)
                free(resolved)
                return rest.reversed().reduce(base) { $0.hasSuffix("/") ? $0 + $1 : $0 + "/" + $1 }
            }
            let (directory, name) = AtomicFileWriter.split(existing)
            if name.isEmpty || directory == existing { return path }
            rest.append(Substring(name))
            existing = directory
        }
    }
}
