import ScrollSimCore

/// A small command-line parser that behaves like swift-argument-parser, which we cannot depend on.
///
/// What it accepts, as swift-argument-parser does: long options with a value as `--seed 5` or
/// `--seed=5`; repeatable options (`--strategy a --strategy b`, values kept in order); for a
/// single-valued option given twice, the last value wins; flags (`--frames`); positionals
/// anywhere; `--` ends option parsing (everything after it is positional); `-h` or `--help`
/// anywhere before `--` asks for help and wins over any other problem. Values are checked while
/// parsing (choices, unsigned integers), so a bad value is reported with the option's help line.
///
/// Deliberate differences: only `-h` is a short option; a value that looks like a negative number
/// (`--seed -1`) is taken as the option's value (and then rejected with "The value '-1' is
/// invalid…"), where swift-argument-parser would say the value is missing; help text wraps at a
/// fixed 80 columns instead of the terminal's width, so output never depends on the machine.
///
/// Errors mirror swift-argument-parser's messages ("Unknown option '--strategi'. Did you mean
/// '--strategy'?", "Missing value for '--seed <n>'", "The value 'xml' is invalid for
/// '--format <format>'. Please provide one of 'table' and 'csv'.", "Missing expected argument
/// '<scenarios> ...'", "Unexpected argument 'x'"); `ScrollSimCommand` prints them with the
/// usage line. Nothing here depends on a dictionary's order: options are kept in arrays.
struct ArgumentParser {
    /// The command being parsed.
    let spec: CommandSpec

    /// Parses `arguments` (those after the command's name).
    /// - Throws: `CommandLineError` for the first problem, in argument order; a missing positional
    ///   is reported after every option has been read.
    func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedArguments {
        var parsed = ParsedArguments()
        let beforeTerminator = arguments.prefix { $0 != "--" }
        if beforeTerminator.contains(where: { $0 == "-h" || $0 == "--help" }) {
            parsed.isHelpRequested = true
            return parsed
        }
        var index = arguments.startIndex
        var isAfterTerminator = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if isAfterTerminator {
                parsed.positionals.append(argument)
            } else if argument == "--" {
                isAfterTerminator = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
                if name == "help", let inlineValue {
                    throw CommandLineError("The option '--help' does not take any value, "
                                           + "but '\(inlineValue)' was specified.")
                }
                guard let option = spec.options.first(where: { $0.name == name }) else {
                    throw unknownOption("--" + name)
                }
                guard option.valueName != nil else {
                    if let inlineValue {
                        throw CommandLineError(
                            "The option '--\(name)' does not take any value, but '\(inlineValue)' was specified.")
                    }
                    parsed.options.append((name: name, value: ""))
                    continue
                }
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.endIndex, Self.canBeValue(arguments[index]) {
                    value = arguments[index]
                    index += 1
                } else {
                    throw CommandLineError("Missing value for '\(option.synopsis)'", help: option.helpLine)
                }
                try check(value, for: option)
                parsed.options.append((name: name, value: value))
            } else if argument.hasPrefix("-") && argument.count > 1 {
                throw unknownOption(argument)
            } else {
                parsed.positionals.append(argument)
            }
        }
        if let required = spec.arguments.first(where: { !$0.isOptional }), parsed.positionals.isEmpty {
            throw CommandLineError("Missing expected argument '\(required.synopsis(optionalBrackets: false))'",
                                   help: required.helpLine)
        }
        if spec.arguments.isEmpty, !parsed.positionals.isEmpty {
            let values = parsed.positionals
            throw CommandLineError(values.count == 1
                ? "Unexpected argument '\(values[0])'"
                : "\(values.count) unexpected arguments: '\(values.joined(separator: "', '"))'")
        }
        return parsed
    }

    /// Whether `argument`, following an option that needs a value, is that value: anything but
    /// `--` and option-like words; a negative number counts as a value.
    static func canBeValue(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1 else { return true }
        return argument.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    /// Checks `value` against the option's kind.
    func check(_ value: String, for option: OptionSpec) throws(CommandLineError) {
        let isValid: Bool
        var choices = ""
        switch option.kind {
        case .text:
            isValid = !value.isEmpty
        case .unsignedInteger:
            // Digits only: `UInt64("+1")` would accept a sign the help never shows.
            isValid = !value.isEmpty && value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } && UInt64(value) != nil
        case .choice(let values):
            isValid = values.contains(value)
            let quoted = values.map { "'\($0)'" }
            choices = quoted.count <= 2
                ? ". Please provide one of \(quoted.joined(separator: " and "))."
                : ". Please provide one of \(quoted.dropLast().joined(separator: ", ")) or \(quoted.last ?? "")."
        }
        if !isValid {
            throw CommandLineError("The value '\(value)' is invalid for '\(option.synopsis)'\(choices)",
                                   help: option.helpLine)
        }
    }

    /// "Unknown option '--x'", with "Did you mean '--y'?" when a long option is close to it
    /// (`Suggestion`'s rule); never suggested for short options.
    func unknownOption(_ name: String) -> CommandLineError {
        let candidates = spec.options.map { "--" + $0.name } + ["--help"]
        if !name.hasPrefix("--") { return CommandLineError("Unknown option '\(name)'") }
        if let suggestion = Suggestion.closest(to: name, among: candidates) {
            return CommandLineError("Unknown option '\(name)'. Did you mean '\(suggestion)'?")
        }
        return CommandLineError("Unknown option '\(name)'")
    }
}

/// A command line that cannot be run (exit 64): the message and, for a bad or missing value,
/// the option's help (printed as swift-argument-parser's `Help:` line).
struct CommandLineError: Error, Equatable {
    /// The text after "Error: ".
    var message: String
    /// The text after "Help:  ", or nil.
    var help: String?

    /// An error with `message` and an optional help line.
    init(_ message: String, help: String? = nil) {
        self.message = message
        self.help = help
    }
}

/// The result of parsing: positionals and options in command-line order.
struct ParsedArguments {
    /// Positional arguments, in order.
    var positionals: [String] = []
    /// Options as given, in order; flags have an empty value. (An array, not a dictionary: the
    /// order of repeated options is meaningful.)
    var options: [(name: String, value: String)] = []
    /// Whether `-h` or `--help` was given.
    var isHelpRequested = false

    /// Every value given for option `name`, in order.
    func values(of name: String) -> [String] { options.filter { $0.name == name }.map(\.value) }

    /// The last value given for option `name` (the last one wins), or nil.
    func value(of name: String) -> String? { options.last { $0.name == name }?.value }

    /// Whether flag `name` was given.
    func isSet(_ name: String) -> Bool { options.contains { $0.name == name } }
}

/// What an option's value must be.
enum OptionValueKind: Equatable {
    /// Any non-empty text (a name or a path).
    case text
    /// One of the listed words.
    case choice([String])
    /// An integer in 0...UInt64.max.
    case unsignedInteger
}

/// One long option (with a value) or flag (without) of a command.
struct OptionSpec {
    /// The long name, without dashes.
    var name: String
    /// The value's placeholder, e.g. "n" for `--seed <n>`; nil for a flag.
    var valueName: String?
    /// What the value must be (ignored for flags).
    var kind: OptionValueKind = .text
    /// One-line description for help.
    var abstract: String
    /// The default shown in help, or nil.
    var defaultValue: String? = nil
    /// Whether the option may be given several times (all values kept).
    var isRepeatable = false
    /// Whether the option must be given (shown without brackets; the command's `validate` checks it).
    var isRequired = false

    /// `--name <value>` or `--name`.
    var synopsis: String { valueName.map { "--\(name) <\($0)>" } ?? "--\(name)" }

    /// The usage-line form: in brackets unless required, with " ..." when repeatable.
    var usageSynopsis: String {
        isRequired ? synopsis + (isRepeatable ? " ..." : "") : "[" + synopsis + (isRepeatable ? " ..." : "") + "]"
    }

    /// The `Help:` line of an error about this option: synopsis, two spaces, abstract.
    var helpLine: String { "\(synopsis)  \(abstract)" }

    /// The help description: abstract, then "(values: …; default: …)" as swift-argument-parser shows it.
    var helpDescription: String {
        var suffix: [String] = []
        if case .choice(let values) = kind { suffix.append("values: " + values.joined(separator: ", ")) }
        if let defaultValue { suffix.append("default: " + defaultValue) }
        return suffix.isEmpty ? abstract : "\(abstract) (\(suffix.joined(separator: "; ")))"
    }
}

/// A positional argument list of a command.
struct ArgumentSpec {
    /// The placeholder, e.g. "scenarios".
    var valueName: String
    /// One-line description for help.
    var abstract: String
    /// Whether it takes several values.
    var isRepeatable = true
    /// Whether it may be absent.
    var isOptional = false

    /// `<name> ...`, in brackets when optional and `optionalBrackets` is true.
    func synopsis(optionalBrackets: Bool = true) -> String {
        let text = "<\(valueName)>" + (isRepeatable ? " ..." : "")
        return isOptional && optionalBrackets ? "[\(text)]" : text
    }

    /// The `Help:` line of an error about this argument.
    var helpLine: String { "<\(valueName)>  \(abstract)" }
}

/// A subcommand as its parent's help lists it.
struct SubcommandSummary {
    /// The subcommand's name.
    var name: String
    /// Its one-line description.
    var abstract: String
}

/// A command's interface: what the parser accepts and what help and usage show.
struct CommandSpec {
    /// The command's words, e.g. ["scrollsim", "run"].
    var path: [String]
    /// One-line description (the start of OVERVIEW).
    var abstract: String
    /// Further paragraphs after the abstract, or empty.
    var discussion: String = ""
    /// Positional arguments.
    var arguments: [ArgumentSpec] = []
    /// Options and flags, in help order (`-h, --help` is implicit and listed last).
    var options: [OptionSpec] = []
    /// Subcommands, in help order.
    var subcommands: [SubcommandSummary] = []

    /// The command as typed, e.g. "scrollsim run".
    var commandName: String { path.joined(separator: " ") }

    /// The synopsis after "USAGE: " and "Usage: ": command, positionals, options, "<subcommand>".
    var usage: String {
        var parts = [commandName]
        parts += arguments.map { $0.synopsis() }
        parts += options.map(\.usageSynopsis)
        if !subcommands.isEmpty { parts.append("<subcommand>") }
        return parts.joined(separator: " ")
    }

    /// What `-h`, `--help` and `scrollsim help <command>` print, in swift-argument-parser's layout
    /// (OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS) and with its line endings: a command
    /// without subcommands ends with a blank line, a command group with its "See …" line.
    var helpText: String {
        var text = ""
        let overview = discussion.isEmpty ? abstract : abstract + "\n\n" + discussion
        if !overview.isEmpty { text += HelpLayout.wrap("OVERVIEW: " + overview, indent: 0) + "\n\n" }
        text += "USAGE: \(usage)\n\n"
        var sections: [String] = []
        if !arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + arguments.map {
                HelpLayout.row(label: "<\($0.valueName)>", description: $0.abstract)
            }.joined())
        }
        let optionRows = options.map { HelpLayout.row(label: $0.synopsis, description: $0.helpDescription) }
            + [HelpLayout.row(label: "-h, --help", description: "Show help information.")]
        sections.append("OPTIONS:\n" + optionRows.joined())
        if !subcommands.isEmpty {
            sections.append("SUBCOMMANDS:\n" + subcommands.map {
                HelpLayout.row(label: $0.name, description: $0.abstract)
            }.joined())
        }
        text += sections.joined(separator: "\n")
        if !subcommands.isEmpty {
            text += "\n  See '\(path[0]) help <subcommand>' for detailed help."
        }
        return text + "\n"
    }

    /// The two lines after an error message: usage, then where to find help.
    var usageFooter: String {
        "Usage: \(usage)\n  See '\(commandName) --help' for more information.\n"
    }
}

/// swift-argument-parser's help layout: labels indented 2, descriptions from column 26, wrapped
/// at a fixed 80 columns.
enum HelpLayout {
    /// Total line width.
    static let width = 80
    /// Indentation of labels.
    static let labelIndent = 2
    /// Column where descriptions start (and continue after wrapping).
    static let descriptionColumn = 26

    /// One help row: the label, then the description from `descriptionColumn`, or on the next
    /// line when the label reaches that column; "\n"-terminated.
    static func row(label: String, description: String) -> String {
        let paddedLabel = String(repeating: " ", count: labelIndent) + label
        guard !description.isEmpty else { return paddedLabel + "\n" }
        let wrapped = wrap(description, indent: descriptionColumn)
        if paddedLabel.count < descriptionColumn {
            return paddedLabel + wrapped.dropFirst(paddedLabel.count) + "\n"
        }
        return paddedLabel + "\n" + wrapped + "\n"
    }

    /// `text` wrapped at `width` with every non-empty line indented by `indent`: a line longer
    /// than the room breaks at its last space within the room (a longer word stands alone).
    static func wrap(_ text: String, indent: Int) -> String {
        let room = width - indent
        var lines: [Substring] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = paragraph
            while rest.count > room {
                guard let space = rest.prefix(room).lastIndex(of: " ") ?? rest.firstIndex(of: " ") else { break }
                lines.append(rest[..<space])
                rest = rest[rest.index(after: space)...]
            }
            lines.append(rest)
        }
        let margin = String(repeating: " ", count: indent)
        return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
    }
}
