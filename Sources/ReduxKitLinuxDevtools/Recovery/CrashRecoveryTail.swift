import Foundation

/// The part of an action log crash recovery reads: from the newest point it
/// can start from to the end, found by reading the files from their end, so
/// that what recovery reads grows with what it replays, not with the log.
///
/// The point is the first of these found looking back:
/// - the saved state's place, when its marker holds one that still checks out
///   (``ActionLogPlace``): the log is then read from the entry after it;
/// - a header (a session's, or a rotated file's continuation) of the saved
///   state's session at or before its entry;
/// - a header in the current `version` with its state recorded: a state to
///   start from, newer than a saved state of an earlier session.
///
/// With none, the whole log is read. The sessions and lines before the point
/// are not read, only counted when the report names one (``numbering``).
struct CrashRecoveryTail {
    /// The log from the point on; its first session may have started before it.
    private(set) var log = ActionLogRawLog()
    /// Numbers the tail's sessions and lines as the whole log would.
    let numbering: CrashRecoveryNumbering

    /// Reads the tail of the log at `url` for a saved state with `marker` (or none).
    ///
    /// - Throws: The error reading a file, or ``ActionLogError`` for a header
    ///   in the tail that cannot be read.
    init(at url: URL, saved marker: PersistenceLogMarker?, version: Int, meter: ActionLogReadMeter) throws {
        ActionLogSinks.drainWriters(of: url)
        let readers = try ActionLogRawLog.files(of: url).map { try ActionLogFileReader($0, meter: meter) }
        if let marker, let place = marker.place, let last = readers.last, last.url == url,
            let seek = Self.seek(place, of: marker, in: last)
        {
            log.sessions = [ActionLogRawLog.Session(header: nil, decodedHeader: seek.session)]
            try log.append(contentsOf: Data(last.read(seek.offset..<last.size)), from: url)
            // The place's header's line, then the saved session's entries up to the saved state.
            let known = seek.numbered.map {
                (session: $0.session, linesBefore: $0.line + marker.entry - place.headerEntry)
            }
            numbering = CrashRecoveryNumbering(
                files: readers, point: (readers.count - 1, seek.offset), firstSessionStartedBefore: true, known: known)
            return
        }
        var pieces: [(reader: ActionLogFileReader, bytes: ArraySlice<UInt8>)] = []
        var point: (file: Int, offset: Int)?
        var continuing: String?
        var known: (session: Int, linesBefore: Int)?
        search: for (index, reader) in readers.enumerated().reversed() {
            var lines = ActionLogBackwardLines(reader)
            while let (offset, line) = lines.previous() {
                guard ActionLogLine.start(of: line) == .header, case .header(let header, _) = ActionLogLine(Data(line)),
                    Self.canStart(at: header, saved: marker, version: version)
                else { continue }
                pieces.append((reader, lines.bytes(from: offset)))
                point = (index, offset)
                continuing = header.continues == true ? header.session : nil
                if let number = header.number, let line = header.line { known = (number, line - 1) }
                break search
            }
            pieces.append((reader, lines.bytes(from: 0)))
        }
        for piece in pieces.reversed() {
            try log.append(contentsOf: Data(piece.bytes), from: piece.reader.url)
        }
        numbering = CrashRecoveryNumbering(
            files: readers, point: point ?? (0, 0), continuing: continuing, known: known)
    }

    /// Whether a recovery can start at `header` without what comes before it:
    /// the saved state is at or after it, or it holds a state to start from.
    private static func canStart(at header: ActionLogSessionHeader, saved: PersistenceLogMarker?, version: Int) -> Bool
    {
        if let saved, saved.session == header.session, saved.entry >= header.entry { return true }
        return header.version == version && header.stateUnrecorded != true
    }

    /// Where the entries after the saved state start, if `place` checks out
    /// in `file`: the line at `place.header` is a header of the marker's
    /// session holding `place.headerEntry`, the byte before `place.end` is a
    /// newline, and the lines between the marker's entry and the place are
    /// entries. Also the session as far as it is known (its header's fields,
    /// with the marker's entry).
    private static func seek(
        _ place: ActionLogPlace, of marker: PersistenceLogMarker, in file: ActionLogFileReader
    ) -> (offset: Int, session: ActionLogSessionHeader, numbered: (session: Int, line: Int)?)? {
        let back = place.entry - marker.entry
        guard back >= 0, marker.entry >= place.headerEntry, place.header >= 0, place.header < place.end,
            place.end <= file.size, back <= place.entry - place.headerEntry,
            place.header == 0 || file.read((place.header - 1)..<place.header) == [UInt8(ascii: "\n")],
            file.read((place.end - 1)..<place.end) == [UInt8(ascii: "\n")],
            let fields = ActionLogSessionHeader(at: place.header, in: file, before: place.end),
            fields.session == marker.session, fields.entry == place.headerEntry
        else { return nil }
        var offset = place.end
        if back > 0 {
            var lines = ActionLogBackwardLines(file, endingAt: place.end)
            for _ in 0..<back {
                guard let (start, line) = lines.previous(), start > place.header,
                    ActionLogLine.start(of: line) != .header
                else { return nil }
                offset = start
            }
        }
        let session = ActionLogSessionHeader(
            session: marker.session, timestamp: fields.timestamp, version: fields.version, entry: marker.entry)
        return (offset, session, fields.number.flatMap { number in fields.line.map { (number, $0) } })
    }
}
