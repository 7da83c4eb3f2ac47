/// A network track of a Chrome trace: a connection of a session, or one HTTP/2 stream lane of it
/// (`stream` −1 for the connection's own track). Ordered by session, connection, then stream, so
/// a connection's own track comes before its stream lanes.
struct NetworkTrack: Hashable, Comparable {
    /// The session (in the order the strategy made its sessions).
    var session: Int
    /// The connection's slot in its session.
    var connection: Int
    /// The stream lane, or −1.
    var stream: Int

    /// Session, then connection, then stream.
    static func < (a: NetworkTrack, b: NetworkTrack) -> Bool {
        (a.session, a.connection, a.stream) < (b.session, b.connection, b.stream)
    }
}
