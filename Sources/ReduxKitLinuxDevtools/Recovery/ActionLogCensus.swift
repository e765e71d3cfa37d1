/// The sessions and lines of an action log before a point, counted without
/// decoding anything: what crash recovery reads before the part it replays,
/// and only to name a session or a line in its report (the numbers
/// ``ActionLogSessions`` and ``ActionLogRawLog`` give them).
///
/// A line is looked at through ``ActionLogLine`` by its first bytes and its
/// last: a header (``ActionLogLine/start(of:)``) starts a session unless it
/// continues the session it names (its first fields, read from its first
/// bytes), or its last byte does not close it (a header a crash tore, which
/// starts no session).
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
        let startLength = ActionLogLineFormat.headerStart.count
        var head: [UInt8] = []
        var isHeader = false
        var length = 0
        var last: UInt8 = 0
        var position = 0
        while position < end {
            let chunk = reader.read(position..<min(end, position + (1 << 20)))
            position += chunk.count
            for byte in chunk {
                if byte == UInt8(ascii: "\n") {
                    linesBefore += 1
                    if length > 0 { classify(head, endsWhole: ActionLogLineFormat.endsWhole(lastByte: last)) }
                    head.removeAll(keepingCapacity: true)
                    length = 0
                    continue
                }
                // Past the bytes every line's kind is told by, only a header's first bytes are kept.
                if length == startLength { isHeader = ActionLogLine.start(of: head) == .header }
                if length < startLength || (isHeader && length < ActionLogLineFormat.headerFieldsWindow) {
                    head.append(byte)
                }
                length += 1
                last = byte
            }
        }
    }

    /// Counts one line with bytes, by its first bytes.
    private mutating func classify(_ head: [UInt8], endsWhole: Bool) {
        guard ActionLogLine.start(of: head) == .header else {
            if sessions == 0 { sessions = 1 }  // lines before any header: a session of their own
            return
        }
        guard endsWhole, let header = ActionLogSessionHeader(firstBytes: head) else { return }
        if header.continues == true && header.session == lastSession { return }
        sessions += 1
        lastSession = header.session
    }
}
