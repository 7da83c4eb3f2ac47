#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollSimCore

/// An output that would destroy an input, or another output: it is an input file, or lies inside
/// one (`--out s.json` when s.json is a scenario file), or is the same file as another output
/// (`--out d --frames --requests d/frames`), by any spelling or symbolic link. Found before
/// anything is run or written (exit 64).
///
/// The rule for directories given as inputs (`scrollsim run . --out results`): an output may go
/// inside an input directory, because the files it would write are checked against every file
/// that directory expands to; only overwriting one of those files is refused (docs/model.md,
/// "Output rules").
public struct OutputConflict: Error, Equatable, CustomStringConvertible {
    /// What the output would do.
    public enum Kind: Equatable, Sendable {
        /// It is the input file.
        case overwritesInput
        /// It would be written inside the input file, as if that file were a directory.
        case insideInput
        /// It is the file another output writes; `input` holds that output's option.
        case sameAsOutput
        /// It names something that is not a regular file (a device, a directory, a pipe such as
        /// `/dev/stdout`), which an output's rename would replace; `input` holds the reason.
        case notAFile
    }

    /// The option that names the output, as help shows it (`--html <file>`).
    public var option: String
    /// The output file, as given.
    public var output: String
    /// The input, as given (for `.sameAsOutput`, the other output's option).
    public var input: String
    /// What the output would do.
    public var kind: Kind

    /// A conflict between `output`, named by `option`, and `input`.
    public init(option: String, output: String, input: String, kind: Kind = .overwritesInput) {
        self.option = option
        self.output = output
        self.input = input
        self.kind = kind
    }

    /// "'--html <file>' would overwrite the input 's.json'; write it elsewhere".
    public var description: String {
        switch kind {
        case .overwritesInput:
            "'\(option)' would overwrite the input \(MessageLine.quoted(path: input)); write it elsewhere"
        case .insideInput:
            "'\(option)' would write \(MessageLine.quoted(path: output)) inside the input file "
                + "\(MessageLine.quoted(path: input)); write it elsewhere"
        case .notAFile:
            "'\(option)' cannot write \(MessageLine.quoted(path: output)): it \(input) "
                + "(outputs are written to a temporary file and renamed); write it elsewhere"
        case .sameAsOutput:
            "'\(option)' and '\(input)' would both write \(MessageLine.quoted(path: output)); "
                + "give them different places"
        }
    }

    /// The first output of `outputs` (file paths, each with its option) that is one of the
    /// `inputs` (the files read, not directories), lies inside one, or is an earlier output.
    /// Compared by device and inode when both exist, and by resolved absolute path (symbolic
    /// links, `.`, `..` resolved as far as the path exists), so `a.csv`, `./a.csv`,
    /// `dir/../a.csv` and a link to it all match.
    /// - Complexity: O((outputs + inputs) × log) resolutions and lookups, not outputs × inputs.
    public static func find(outputs: [(path: String, option: String)], inputs: [String]) -> OutputConflict? {
        var inputByIdentity: [[UInt64]: String] = [:]  // lookups only
        var inputByPath: [String: String] = [:]  // lookups only
        var inputFileByPath: [String: String] = [:]  // inputs that are not directories; lookups only
        for input in inputs {
            if let identity = identity(of: input), inputByIdentity[identity] == nil {
                inputByIdentity[identity] = input
            }
            let path = resolvedPath(input)
            if inputByPath[path] == nil { inputByPath[path] = input }
            var status = stat()
            let isDirectory = stat(input, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            if !isDirectory && inputFileByPath[path] == nil { inputFileByPath[path] = input }
        }
        var outputByPath: [String: String] = [:]  // the option of each output written so far; lookups only
        for output in outputs {
            let target: String
            do {
                target = try AtomicFileWriter.destination(of: output.path)
            } catch {
                return OutputConflict(option: output.option, output: output.path, input: error.reason, kind: .notAFile)
            }
            let outputPath = resolvedPath(target)
            if let input = identity(of: target).flatMap({ inputByIdentity[$0] }) ?? inputByPath[outputPath] {
                return OutputConflict(option: output.option, output: output.path, input: input)
            }
            // Inside an input file: some parent of the output is one of the inputs.
            var parent = outputPath
            while let slash = parent.lastIndex(of: "/"), slash != parent.startIndex {
                parent = String(parent[..<slash])
                if let input = inputFileByPath[parent] {
                    return OutputConflict(option: output.option, output: output.path, input: input, kind: .insideInput)
                }
            }
            if let other = outputByPath[outputPath] {
                return OutputConflict(option: output.option, output: output.path, input: other, kind: .sameAsOutput)
            }
            outputByPath[outputPath] = output.option
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
                // The part that does not exist yet, with "." and ".." resolved by name.
                var components = base.split(separator: "/", omittingEmptySubsequences: true)
                for name in rest.reversed() where name != "." && !name.isEmpty {
                    if name == ".." { _ = components.popLast() } else { components.append(name) }
                }
                return "/" + components.joined(separator: "/")
            }
            let (directory, name) = AtomicFileWriter.split(existing)
            if name.isEmpty || directory == existing { return path }
            rest.append(Substring(name))
            existing = directory
        }
    }
}
