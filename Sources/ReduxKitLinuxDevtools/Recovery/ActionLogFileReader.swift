import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes crash recovery read from an action log's files, all readers
/// together (``CrashRecoveryReport/logBytesRead``).
final class ActionLogReadMeter {
    /// The bytes read so far.
    private(set) var bytes = 0

    /// Counts `count` bytes read.
    func count(_ count: Int) {
        bytes += count
    }
}

/// One action log file opened for reading at any offset, counting what it
/// reads in a meter: how recovery reads only the part of a log it needs.
final class ActionLogFileReader {
    /// The file.
    let url: URL
    /// Its size when it was opened.
    let size: Int
    private let descriptor: Int32
    private let meter: ActionLogReadMeter

    /// Opens the file at `url` for reading.
    ///
    /// - Throws: `CocoaError(.fileReadNoSuchFile)` or `.fileReadUnknown`, with the system's reason.
    init(_ url: URL, meter: ActionLogReadMeter) throws {
        let descriptor = url.path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let code = errno
            throw CocoaError(
                code == ENOENT ? .fileReadNoSuchFile : .fileReadUnknown,
                userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: String(cString: strerror(code))])
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw CocoaError(
                .fileReadUnknown,
                userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: String(cString: strerror(code))])
        }
        self.url = url
        self.descriptor = descriptor
        self.size = Int(status.st_size)
        self.meter = meter
    }

    deinit {
        _ = close(descriptor)
    }

    /// The bytes in `range` of the file as it was opened. Bytes that are gone
    /// (the file was cut short since) read as newlines: empty lines, which
    /// readers pass over.
    func read(_ range: Range<Int>) -> [UInt8] {
        let range = range.clamped(to: 0..<size)
        guard !range.isEmpty else { return [] }
        var bytes = [UInt8](repeating: UInt8(ascii: "\n"), count: range.count)
        var done = 0
        bytes.withUnsafeMutableBytes { buffer in
            while done < range.count {
                let got = pread(
                    descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                if got < 0 && errno == EINTR { continue }
                if got <= 0 { break }
                done += got
            }
        }
        meter.count(done)
        return bytes
    }
}

/// An action log file's lines from the last to the first, read in chunks
/// from the end: a line is returned once the chunks that hold it are read.
/// Empty lines are passed over, as ``ActionLogRawLog`` does.
struct ActionLogBackwardLines {
    /// How much is read at a time, at least (more once what is held is larger).
    static let chunk = 1 << 16

    private let reader: ActionLogFileReader
    /// The file's bytes from ``start`` to its end: everything read so far.
    private(set) var bytes: [UInt8] = []
    /// The offset in the file of `bytes[0]`.
    private(set) var start: Int
    /// The lines before this offset have not been returned.
    private var cursor: Int

    /// Starts at the end of `reader`'s file, or at `end`, a line's end.
    init(_ reader: ActionLogFileReader, endingAt end: Int? = nil) {
        self.reader = reader
        start = end ?? reader.size
        cursor = start
    }

    /// The previous line: its offset in the file and its bytes; `nil` at the file's start.
    mutating func previous() -> (offset: Int, line: ArraySlice<UInt8>)? {
        while cursor > 0 {
            let end = byte(at: cursor - 1) == UInt8(ascii: "\n") ? cursor - 1 : cursor
            var lineStart = end
            while lineStart > 0 && byte(at: lineStart - 1) != UInt8(ascii: "\n") { lineStart -= 1 }
            cursor = lineStart
            if lineStart < end { return (lineStart, bytes[(lineStart - start)..<(end - start)]) }
        }
        return nil
    }

    /// The bytes from `offset` to the file's end (read already, by the lines returned).
    func bytes(from offset: Int) -> ArraySlice<UInt8> {
        bytes[(offset - start)...]
    }

    /// The byte at `offset`, reading the chunk before what is held if needed.
    private mutating func byte(at offset: Int) -> UInt8 {
        if offset < start {
            let length = max(Self.chunk, bytes.count)
            let from = max(0, start - length)
            bytes = reader.read(from..<start) + bytes
            start = from
        }
        return bytes[offset - start]
    }
}
