import ScrollSimCLI
import Foundation
exit(ScrollSimCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
