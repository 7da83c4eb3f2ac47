import FetchStrategies
import Foundation
import ScrollSimTestSupport
import Testing

/// docs/strategy-parameters.md and `scrollsim strategies` come from the parameters each strategy
/// declares (`StrategyParameter`): the committed page is what `strategies --format markdown`
/// writes, and the text listing says each parameter's allowed values and default.
@Suite struct StrategyParameterDocsTests {
    /// docs/strategy-parameters.md.
    static let documentPath = packagePath("docs/strategy-parameters.md")

    @Test("docs/strategy-parameters.md is what the declarations give (SCROLLSIM_UPDATE_DOCS=1 rewrites it)")
    func documentation() throws {
        let result = scrollsim("strategies", "--format", "markdown")
        #expect(result.code == 0 && result.standardError == "")
        let generated = result.standardOutput
        let committed = try? String(contentsOfFile: Self.documentPath, encoding: .utf8)
        if committed != generated, ProcessInfo.processInfo.environment["SCROLLSIM_UPDATE_DOCS"] == "1" {
            try generated.write(toFile: Self.documentPath, atomically: true, encoding: .utf8)
            return
        }
        #expect(committed == generated,
                "docs/strategy-parameters.md is out of date; rerun with SCROLLSIM_UPDATE_DOCS=1")
        // Every declared parameter has its row, with what is allowed and its default.
        for descriptor in StrategyCatalog.all {
            for parameter in descriptor.parameters {
                let row = "| `\(parameter.name)` | \(parameter.allowed) | `\(parameter.defaultText)` | "
                    + "\(parameter.summary) |"
                #expect(generated.contains(row), "\(descriptor.name).\(parameter.name)")
            }
        }
    }

    @Test func theTextListingSaysWhatEachParameterAllows() {
        let text = scrollsim("strategies").standardOutput
        #expect(text.contains("\ntexture\n"))
        #expect(text.contains("\n  preloadLeadingScreens (a number from 0 to 100, default 2.5): Full-mode preload "
            + "range ahead of the viewport, screens.\n"))
        #expect(text.contains("\n  downloadOrder (\"fifo\" or \"lifo\", default fifo): "))
        #expect(text.contains("\n  memoryCacheMB (an integer from 1 to 65536, default physicalMemory / 4): "))
    }
}
