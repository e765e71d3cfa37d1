/// The sessions and lines of an action log before a point, counted without
/// decoding anything: what crash recovery reads before the part it replays,
/// and only to name a session or a line in its report (the numbers
/// ``ActionLogSessions`` and ``ActionLogRawLog`` give them).
///
/// A line is looked at by its first bytes and its last: a header starts with
/// `{"session":"`, continues the session it names when `"continues":true`
/// follows the identifier, and ends with `}` (one that does not is a header a
/// crash tore, which starts no session).
struct ActionLogCensus {
    /// The sessions started before the point.
    private(set) var sessions = 0
    /// The identifier of the last session header before the point (`nil` when
    /// the last session has no header).
    private(set) var lastSession: String?
    /// The lines of the point's file before it.
    private(set) var linesBefore = 0

    /// Counts `files` (oldest first) up to `offset` in the file at `fileIndex`.
    init(files: [ActionLogFileReader], upTo fileIndex: Int, offset: Int) {
        for index in 0...fileIndex {
            let end = index == fileIndex ? offset : files[index].size
            linesBefore = 0
            count(files[index], upTo: end)
        }
    }

    private mutating func count(_ reader: ActionLogFileReader, upTo end: Int) {
        let prefixLength = ActionLogSessionHeader.prefix.count + 40 + Self.continues.count
        var head: [UInt8] = []
        var length = 0
        var last: UInt8 = 0
        var position = 0
        while position < end {
            let chunk = reader.read(position..<min(end, position + (1 << 20)))
            position += chunk.count
            for byte in chunk {
                if byte == UInt8(ascii: "\n") {
                    linesBefore += 1
                    if length > 0 { classify(head, endsWithBrace: last == UInt8(ascii: "}")) }
                    head.removeAll(keepingCapacity: true)
                    length = 0
                    continue
                }
                if length < prefixLength { head.append(byte) }
                length += 1
                last = byte
            }
        }
    }

    /// What `"continues":true` right after a header's identifier looks like.
    private static let continues = Array(#"","continues":true"#.utf8)

    /// Counts one line with bytes, by its first bytes.
    private mutating func classify(_ head: [UInt8], endsWithBrace: Bool) {
        guard head.starts(with: ActionLogSessionHeader.prefix) else {
            if sessions == 0 { sessions = 1 }  // lines before any header: a session of their own
            return
        }
        guard endsWithBrace else { return }
        let rest = head.dropFirst(ActionLogSessionHeader.prefix.count + 1)
        guard let quote = rest.firstIndex(of: UInt8(ascii: "\"")) else { return }
        let identifier = String(decoding: rest[..<quote], as: UTF8.self)
        let continuing = head[quote...].starts(with: Self.continues)
        if continuing && identifier == lastSession { return }
        sessions += 1
        lastSession = identifier
    }
}
