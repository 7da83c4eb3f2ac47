import FetchStrategies
import ScrollSimCore
import ScrollSimReports

/// `scrollsim strategies`: lists the known strategies (built-in, then the caller's own).
///
/// Text (default), one block per strategy in catalogue order, blocks separated by a blank line:
///
///     asset-store
///       <summary>
///       source: <where the model comes from>
///       memoryCacheMB (default 50): <parameter summary>
///
/// CSV (`--format csv`): header `name,parameters,source`, then one row per strategy with its
/// parameters as `name=default` joined by `;`, fields quoted per RFC 4180 when needed.
struct StrategiesCommand: ScrollSimSubcommand {
    /// What `strategies` prints.
    enum Format: String, CaseIterable {
        /// Blocks for people.
        case text
        /// One CSV row per strategy.
        case csv
    }

    /// The interface of `scrollsim strategies`.
    static let configuration = CommandSpec(
        path: ["scrollsim", "strategies"],
        abstract: "List the built-in strategies and their parameters.",
        options: [
            OptionSpec(name: "format", valueName: "format", kind: .choice(Format.allCases.map(\.rawValue)),
                       abstract: "Output format.", defaultValue: Format.text.rawValue),
        ]
    )

    /// `--format`.
    var format: Format

    /// Typed values from checked arguments.
    init(_ arguments: ParsedArguments) {
        format = arguments.value(of: "format").flatMap(Format.init(rawValue:)) ?? .text
    }

    /// Nothing beyond what the parser checks.
    func validate() throws(CommandLineError) {}

    /// Prints the catalogue.
    func run(output: CommandOutput) -> Int32 {
        switch format {
        case .text: output.write(Self.text(StrategyRegistry.all))
        case .csv: output.write(Self.csv(StrategyRegistry.all))
        }
        return ExitCode.success
    }

    /// The text listing of `descriptors`.
    static func text(_ descriptors: [StrategyDescriptor]) -> String {
        descriptors.map { descriptor in
            var block = "\(descriptor.name)\n  \(descriptor.summary)\n  source: \(descriptor.source)\n"
            for parameter in descriptor.parameters {
                block += "  \(parameter.name) (default \(parameter.defaultValue)): \(parameter.summary)\n"
            }
            return block
        }.joined(separator: "\n")
    }

    /// The CSV listing of `descriptors`.
    static func csv(_ descriptors: [StrategyDescriptor]) -> String {
        "name,parameters,source\n" + descriptors.map { descriptor in
            let parameters = descriptor.parameters.map { "\($0.name)=\($0.defaultValue)" }.joined(separator: ";")
            return [descriptor.name, parameters, descriptor.source].map(SummaryCSV.field).joined(separator: ",") + "\n"
        }.joined()
    }
}
