import Testing
@Test func placeholder_ScrollSimCLITests() { #expect(1 + 1 == 2) }
