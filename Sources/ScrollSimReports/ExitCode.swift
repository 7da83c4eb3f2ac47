import ScrollSimCore

/// Process exit codes, and the one place where errors become exit codes. 64–66 are the BSD
/// sysexits EX_USAGE, EX_DATAERR and EX_NOINPUT.
public enum ExitCode {
    /// Success.
    public static let success: Int32 = 0
    /// A runtime failure, e.g. an output file that cannot be written.
    public static let failure: Int32 = 1
    /// `compare` found a regression.
    public static let regression: Int32 = 2
    /// A bad command line.
    public static let usage: Int32 = 64
    /// An input file whose content is invalid.
    public static let invalidInput: Int32 = 65
    /// An input file that is missing or unreadable.
    public static let missingInput: Int32 = 66

    /// 66 for a missing or unreadable input, 65 for invalid content.
    public static func of(_ error: InputError) -> Int32 {
        error.isUnreadable ? missingInput : invalidInput
    }

    /// The code of several input problems reported together: 66 if any file is missing or
    /// unreadable, else 65.
    public static func of(_ errors: [InputError]) -> Int32 {
        errors.contains(where: \.isUnreadable) ? missingInput : invalidInput
    }

    /// 1: an output could not be written.
    public static func of(_ error: FileWriteError) -> Int32 { failure }

    /// 64: an output would replace an input, a mistake on the command line.
    public static func of(_ conflict: OutputConflict) -> Int32 { usage }
}
