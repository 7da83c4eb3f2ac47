extension OutputSet {
    /// Writes the one file at `path`, streamed: `render` is given a function that writes each
    /// piece of the text to the file's temporary name (its directory made, and stale temporaries
    /// of killed processes there removed, first), and the file is renamed over `path` once
    /// complete. What `scrollsim merge --out` and `report --html` do with their one output.
    /// - Throws: `FileWriteError`; nothing of the file is left behind then.
    public static func writeStreamed(toFile path: String,
                                     render: (_ emit: (String) -> Void) -> Void) throws(FileWriteError) {
        var outputs = OutputSet()
        do {
            let file = try outputs.addStream(toFile: path)
            AtomicFileWriter.removeStaleTemporaries(in: AtomicFileWriter.split(path).directory)
            render(file.write)
            try outputs.publish()
        } catch {
            outputs.discard()
            throw error
        }
    }
}
