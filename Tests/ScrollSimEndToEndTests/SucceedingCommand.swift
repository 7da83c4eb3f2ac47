import Testing
import ScrollSimTestSupport

/// Runs `scrollsim` in process with `arguments`, expecting exit 0 and nothing on stderr; returns
/// stdout.
func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
    let result = scrollsim(arguments)
    #expect(result.code == 0, sourceLocation: sourceLocation)
    #expect(result.standardError == "", sourceLocation: sourceLocation)
    return result.standardOutput
}
