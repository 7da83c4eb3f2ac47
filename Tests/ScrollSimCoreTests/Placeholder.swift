import Testing
@Test func placeholder_ScrollSimCoreTests() { #expect(1 + 1 == 2) }
