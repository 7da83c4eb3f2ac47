extension Scenario {
    /// The refresh rate the scenario runs at, Hz: `display.refreshHz` when set, else the device's
    /// maximum, `device.model.maxRefreshHz` (docs/model.md, "Display, main thread and frames"). The
    /// one place the default is resolved: the engine, reports and `validate` read this.
    public var refreshHz: Int { display.refreshHz ?? device.model.maxRefreshHz }

    /// Checks the rules a scenario built in Swift code can break as well as a file (a file's
    /// values are range-checked as they are read, by `ScenarioDecoder`, which then calls this):
    /// `display.refreshHz`, when set, is at least 1 and at most the device's maximum (a ProMotion
    /// display may be capped at 60 Hz, never raised above 120).
    /// - Throws: `ScenarioError` of kind `.invalid` in `file`, at the offending JSON path.
    public func validate(file: String) throws(ScenarioError) {
        let maximum = device.model.maxRefreshHz
        if let given = display.refreshHz, !(1...maximum).contains(given) {
            throw ScenarioError(
                kind: .invalid, file: file, path: "display.refreshHz",
                message: "must be \(ScenarioDecoder.integerPhrase(1...maximum)) on device.model "
                    + "\(device.model.rawValue), whose display refreshes at most \(maximum) times a second "
                    + "(omit it for that rate), found \(given)")
        }
    }
}
