import ScrollSimCore

extension MeanInterval {
    /// The mean with `decimals` decimals, rounded half away from zero: on its exact value when
    /// known (`exact`: an 18-digit value prints as the summary CSV has it), else on its `Double`.
    public func meanText(decimals: Int) -> String {
        exact?.text(decimals: decimals) ?? DecimalFormat.fixed(mean, decimals: decimals)
    }

    /// The lower bound `mean − halfWidth` with `decimals` decimals (the exact mean when known,
    /// less the half width), or nil for one value.
    public func lowText(decimals: Int) -> String? { bound(-1, decimals: decimals) }

    /// The upper bound `mean + halfWidth` with `decimals` decimals, or nil for one value.
    public func highText(decimals: Int) -> String? { bound(1, decimals: decimals) }

    /// `mean + sign × halfWidth` as text.
    private func bound(_ sign: Double, decimals: Int) -> String? {
        guard let halfWidth else { return nil }
        guard let exact else { return DecimalFormat.fixed(mean + sign * halfWidth, decimals: decimals) }
        return exact.text(decimals: decimals, plus: sign * halfWidth)
    }
}
