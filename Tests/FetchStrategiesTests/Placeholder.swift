import Testing
@Test func placeholder_FetchStrategiesTests() { #expect(1 + 1 == 2) }
