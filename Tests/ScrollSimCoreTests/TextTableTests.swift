import Testing
import ScrollSimCore

/// `TextTable`: the one layout of every printed table.
@Suite struct TextTableTests {
    @Test("pads to the widest cell, aligns as asked, indents, and trims trailing spaces")
    func layout() {
        let table = TextTable.render(header: ["name", "n", "note"], rows: [["a", "10", ""], ["longer", "2", "x"]],
                                     rightAligned: [false, true, false], indent: 2)
        #expect(table == """
              name     n  note
              ------  --  ----
              a       10
              longer   2  x

            """)
    }

    @Test("a table without rows is its header and rule")
    func empty() {
        #expect(TextTable.render(header: ["a", "bb"], rows: [], rightAligned: [false, true]) == "a  bb\n-  --\n")
    }
}
