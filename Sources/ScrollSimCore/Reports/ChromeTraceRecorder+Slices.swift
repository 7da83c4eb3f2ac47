/// The slices both Chrome trace recorders make from the observer's calls: `ChromeTraceRecorder`,
/// which keeps them and orders them when it writes, and `ChromeTraceStreamRecorder`, which writes
/// them as the run goes. One place, so the two write the same events.
extension ChromeTraceRecorder {
    /// A lifecycle callback's slice (nested in the main-thread item it ran in).
    static func callbackSlice(_ event: LifecycleEvent, duration: SimTime) -> Slice {
        var arguments: [(String, ChromeTraceWriter.Argument)] = []
        if event.cell >= 0 {
            arguments.append(("cell", .integer(Int64(event.cell))))
            arguments.append(("item", .integer(Int64(event.items.first ?? -1))))
        } else {
            arguments.append(("items", .integers(event.items)))
        }
        return Slice(name: event.kind.rawValue, category: "lifecycle", start: event.time,
                     end: event.time + duration, arguments: arguments)
    }

    /// A main-thread item's slice (without its callbacks); `frame` is the frame it committed, if any.
    static func mainSlice(_ work: MainThreadWork, start: SimTime, end: SimTime, frame: FrameRecord?) -> Slice {
        switch work {
        case .frame:
            Slice(name: (frame?.hitch ?? 0) > 0 ? "frame (hitch)" : "frame", category: "frame", start: start,
                  end: end, arguments: frame.map(Self.frameArguments) ?? [])
        case .block:
            Slice(name: "main queue block", category: "main", start: start, end: end, arguments: [])
        case .idlePreparation:
            Slice(name: "idle-time cell preparation", category: "main", start: start, end: end, arguments: [])
        case .memoryWarning:
            Slice(name: "memory warning", category: "main", start: start, end: end, arguments: [])
        case .memoryPressure:
            Slice(name: "memory pressure", category: "main", start: start, end: end, arguments: [])
        }
    }

    /// A connection's setup with its two handshakes nested, or nil when it took no time.
    static func setupSlice(_ setup: ConnectionSetup) -> Slice? {
        guard setup.end > setup.start else { return nil }
        var slice = Slice(name: "connection setup", category: "network", start: setup.start, end: setup.end,
                          arguments: [("protocol", .string(setup.httpProtocol.rawValue)),
                                      ("setup_ms", .number(Self.milliseconds(setup.end - setup.start)))])
        slice.children.append(Slice(name: "TCP handshake", category: "network", start: setup.start,
                                    end: setup.tcpEnd, arguments: []))
        slice.children.append(Slice(name: "TLS handshake", category: "network", start: setup.tcpEnd, end: setup.end,
                                    arguments: []))
        return slice
    }

    /// A request's slice with its latency and transfer phases nested.
    static func requestSlice(_ span: ConnectionSpan) -> Slice {
        let suffix = span.outcome == .completed ? "" : " (\(span.outcome.rawValue))"
        var request = Slice(name: "request" + suffix, category: "network", start: span.start, end: span.end,
                            arguments: [
                                ("image", .integer(Int64(span.imageID))),
                                ("bytes", .integer(span.bytes)),
                                ("outcome", .string(span.outcome.rawValue)),
                                ("latency_ms", .number(Self.milliseconds(span.firstByte - span.start))),
                                ("transfer_ms", .number(Self.milliseconds(span.end - span.firstByte))),
                            ])
        request.children.append(Slice(name: "latency", category: "network", start: span.start, end: span.firstByte,
                                      arguments: []))
        if span.end > span.firstByte {
            request.children.append(Slice(name: "transfer", category: "network", start: span.firstByte,
                                          end: span.end, arguments: [("bytes", .integer(span.bytes))]))
        }
        return request
    }
}
