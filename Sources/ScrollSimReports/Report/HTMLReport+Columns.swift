import ScrollSimCore

extension HTMLReport {
    /// A metric-table column the report reads, by name (checked against `SummaryColumn.all` once).
    struct Column: Sendable {
        /// The column's name.
        let name: String
        /// Its index in `SummaryColumn.all`.
        let index: Int

        /// The column called `name`; it must be in `SummaryColumn.all`.
        init(_ name: String) {
            self.name = name
            index = SummaryColumn.index(of: name) ?? 0
            assert(SummaryColumn.all[index].name == name, "not a SummaryColumn: \(name)")
        }

        /// `refresh_hz`.
        static let refreshHz = Column("refresh_hz")
        /// `hitch_ratio`.
        static let hitchRatio = Column("hitch_ratio")
        /// `dropped_frames`.
        static let droppedFrames = Column("dropped_frames")
        /// `hitches`.
        static let hitches = Column("hitches")
        /// `max_hitch_ms`.
        static let maxHitch = Column("max_hitch_ms")
        /// `frame_work_p95_ms`.
        static let workP95 = Column("frame_work_p95_ms")
        /// `blank_ratio_mean`.
        static let blankMean = Column("blank_ratio_mean")
        /// `ready_ratio`.
        static let readyRatio = Column("ready_ratio")
        /// `hit_ratio`.
        static let hitRatio = Column("hit_ratio")
        /// `bytes_downloaded`.
        static let bytesDownloaded = Column("bytes_downloaded")
        /// `wrong_image_frames`.
        static let wrongImageFrames = Column("wrong_image_frames")
        /// `peak_memory_mb`.
        static let peakMemory = Column("peak_memory_mb")
        /// `blank_ratio_vsync_mean`.
        static let blankVsyncMean = Column("blank_ratio_vsync_mean")
        /// `memory_warnings`.
        static let memoryWarnings = Column("memory_warnings")
        /// `killed`.
        static let killed = Column("killed")
        /// `radio_energy_j`.
        static let radioEnergy = Column("radio_energy_j")
    }

    /// Summary-table columns shown when the CSV has them (CSVs of older versions lack them), in
    /// table order after the required ones.
    static let optionalTableColumns: [(title: String, column: Column)] = [
        ("vsync blank", .blankVsyncMean), ("mem warnings", .memoryWarnings), ("killed", .killed),
        ("radio J", .radioEnergy),
    ]

    /// The columns a summary CSV needs for the report, in table order.
    public static let requiredColumns: [String] = [
        Column.refreshHz, .hitchRatio, .droppedFrames, .hitches, .maxHitch, .workP95, .blankMean, .readyRatio,
        .hitRatio, .bytesDownloaded, .peakMemory, .wrongImageFrames,
    ].map(\.name).sorted { SummaryColumn.index(of: $0) ?? 0 < SummaryColumn.index(of: $1) ?? 0 }

    /// The indices in `SummaryColumn.all` of every column the report reads a value of (charts and
    /// table): what `loadSummaries` keeps of each row.
    static let shownColumns: Set<Int> = Set(requiredColumns.compactMap(SummaryColumn.index(of:))
        + optionalTableColumns.map(\.column.index))

    /// The first column of `requiredColumns` that `document` lacks, if any.
    public static func missingColumn(in document: SummaryDocument) -> String? {
        requiredColumns.first { !document.hasColumn($0) }
    }
}

extension SummaryRow {
    /// The number in `column` (0 when the row has no value there).
    func number(_ column: HTMLReport.Column) -> Double { values[column.index]?.number ?? 0 }
    /// The text in `column`, as written ("" when the row has no value there).
    func text(_ column: HTMLReport.Column) -> String { values[column.index]?.text ?? "" }
    /// The row's `refresh_hz` (60 when absent).
    public var refreshHz: Int { Int(text(.refreshHz)) ?? 60 }
}
