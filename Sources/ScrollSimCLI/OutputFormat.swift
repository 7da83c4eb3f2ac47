/// The choices of a command's `--format <format>` option: an enum of its formats, named as the
/// option takes them, the first the default. One option spec (`OptionSpec.format`) and one
/// reading (`ParsedArguments.format()`) serve every command.
protocol OutputFormat: RawRepresentable, CaseIterable where RawValue == String {}

extension OutputFormat {
    /// The format when `--format` is not given: the first case.
    static var defaultFormat: Self {
        guard let first = allCases.first else { preconditionFailure("OutputFormat: \(Self.self) has no case") }
        return first
    }
}

extension OptionSpec {
    /// `--format <format>`, one of the cases of `Format` (help lists them and the default).
    static func format<Format: OutputFormat>(_: Format.Type, abstract: String) -> OptionSpec {
        OptionSpec(name: "format", valueName: "format", kind: .choice(Format.allCases.map(\.rawValue)),
                   abstract: abstract, defaultValue: Format.defaultFormat.rawValue)
    }
}

extension ParsedArguments {
    /// The `--format` given (the parser checked it is a choice of `Format`), else the default.
    func format<Format: OutputFormat>() -> Format {
        value(of: "format").flatMap(Format.init(rawValue:)) ?? Format.defaultFormat
    }
}
