import Foundation

/// What the writer writes in each header so a reader of the log's tail can
/// number what it reads without counting what comes before it
/// (``ActionLogSessionHeader/number``, ``ActionLogSessionHeader/line``): the
/// number of the last session the log holds, and the lines of the current
/// file.
///
/// Found once, on the writer's thread before its first line, by reading the
/// current file from its end back to its last header (the last session's
/// lines in that file, no more, a chunk at a time); a log whose last header
/// carries no number (written before issue 42) is counted whole, once, by an
/// ``ActionLogCensus``.
struct ActionLogWriterNumbering: Equatable {
    /// The number of the last session in the log (0 for none).
    var session: Int
    /// The lines in the current file (a torn last line, which the writer ends
    /// with a newline, counted).
    var lines: Int

    /// How much of the file is read at a time, going back from its end.
    static let chunk = 1 << 16

    /// The numbering of the log whose current file is `url` (and its rotated
    /// files), as it stands; `nil` if it cannot be read.
    ///
    /// Reads the current file back from its end a chunk at a time (holding
    /// one chunk, whatever the file's size), counting newlines, to the last
    /// line that starts as a header and reads as one from its first bytes.
    static func read(at url: URL) -> ActionLogWriterNumbering? {
        let meter = ActionLogReadMeter()
        guard let current = try? ActionLogFileReader(url, meter: meter) else { return nil }
        // The file's last line, cut short by a crash, which the writer ends with a newline.
        let endsTorn = current.size > 0 && current.read((current.size - 1)..<current.size) != [UInt8(ascii: "\n")]
        let start = ActionLogLineFormat.headerStart
        var newlines = 0  // in the part of the file after `end`
        var end = current.size
        while end > 0 {
            let from = max(0, end - chunk)
            // The byte before the chunk (a line's start is after a newline) and a header's start after it.
            let base = max(0, from - 1)
            let bytes = current.read(base..<min(current.size, end + start.count))
            var index = end - base - 1
            while index >= from - base {
                if bytes[index] == UInt8(ascii: "\n") {
                    newlines += 1
                } else if index + base == 0 || bytes[index - 1] == UInt8(ascii: "\n"),
                    bytes[index...].starts(with: start),
                    let header = ActionLogSessionHeader(at: index + base, in: current)
                {
                    guard let number = header.number, let line = header.line else { break }
                    // The header's line, the lines after it (empty ones too), and a torn last line.
                    return ActionLogWriterNumbering(session: number, lines: line - 1 + newlines + (endsTorn ? 1 : 0))
                }
                index -= 1
            }
            if index >= from - base { break }  // a header without numbers: a log written before they were
            end = from
        }
        return countedWhole(url, meter: meter, current: current, endsTorn: endsTorn)
    }

    /// The numbering counted over every file of the log.
    private static func countedWhole(
        _ url: URL, meter: ActionLogReadMeter, current: ActionLogFileReader, endsTorn: Bool
    ) -> ActionLogWriterNumbering? {
        let files = ActionLogRawLog.files(of: url)
        guard files.last == url, let readers = try? files.dropLast().map({ try ActionLogFileReader($0, meter: meter) })
        else { return nil }
        let all = readers + [current]
        let census = ActionLogCensus(files: all, upTo: all.count - 1, offset: current.size)
        return ActionLogWriterNumbering(session: census.sessions, lines: census.linesBefore + (endsTorn ? 1 : 0))
    }
}
