import Foundation
import ReduxKitLinuxEffects

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns entries into the log's JSON lines, on the writer's thread:
///
/// ```
/// {"type":"AddTodo","timestamp":"2026-11-29T10:00:00.123Z","payload":{"title":"Milk"}}
/// {"type":"Tick","timestamp":"2026-11-29T10:00:00.124Z","unrecorded":true}
/// {"jump":true,"timestamp":"2026-11-29T10:00:01.000Z","state":{"todos":[]}}
/// {"jump":true,"timestamp":"2026-11-29T10:00:02.000Z","unrecorded":true}
/// ```
///
/// Payloads and states are `JSONEncoder`'s output (``DevtoolsJSON``): a value
/// it cannot encode is an error and a marked line, never invalid JSON. The
/// rest of a line is fixed text, the type's name (encoded by `JSONEncoder`
/// too) and the time.
struct ActionLogLines {
    let registry: ActionRegistry
    let file: URL
    /// The lines formatted and not yet written; the writer takes them and
    /// empties the buffer.
    var output: [UInt8] = []
    /// The writer's encoder (one per writer: it is used on its thread only).
    private let encoder = DevtoolsJSON.makeEncoder()
    /// The changes of the state from one action to the next, for a log that
    /// records them (made at each header, reset at each jump).
    var stateChanges: StateChangeRecorder?
    /// Whether the log records state changes.
    let recordsStateChanges: Bool
    /// The session being written, and its entries formatted so far (headers
    /// are not entries), to name an entry in an error.
    private var session = ""
    private(set) var count = 0
    /// The last session's number and the current file's lines, once the
    /// writer has read them (``ActionLogWriterNumbering``): each header then
    /// carries its session's number and its line. `nil`: headers carry neither.
    var numbering: ActionLogWriterNumbering?
    /// The last second formatted, and its text up to the seconds' digits.
    private var cachedSecond = Int.min
    private var cachedPrefix: [UInt8] = []

    init(registry: ActionRegistry, file: URL, recordsStateChanges: Bool = false) {
        self.registry = registry
        self.file = file
        self.recordsStateChanges = recordsStateChanges
    }

    /// `text` as a JSON string, quotes included, as `JSONEncoder` writes it.
    static func jsonString(_ text: String) -> [UInt8] {
        // A string always encodes.
        Array(try! DevtoolsJSON.makeEncoder().encode(text))
    }

    /// Appends the line for `entry` to ``output``; returns the error to report
    /// if the action could not be encoded (its line is then marked).
    mutating func append(_ entry: ActionLogEntry) -> ActionLogWriteError? {
        if case .header(let header) = entry.kind {
            if !header.continues {
                (session, count) = (header.session, 0)
                numbering?.session += 1
            }
        } else {
            count += 1
        }
        numbering?.lines += 1
        var failure: ActionLogWriteError?
        switch entry.kind {
        case .action(let action, let index):
            failure = appendAction(action, codec: index, entry)
        case .actionWithState(let recorded):
            failure = appendAction(recorded.action, codec: recorded.codec, entry)
            appendChanges(recorded)
        case .unrecorded(let type):
            output.append(contentsOf: ActionLogLineFormat.actionStart)
            // A string always encodes.
            output.append(contentsOf: try! encoder.encode(type))
            appendTimestamp(entry)
            output.append(contentsOf: Token.unrecorded)
        case .jump(let state):
            if recordsStateChanges { stateChanges = StateChangeRecorder(startingState: state) }
            beginJump(entry)
            output.append(contentsOf: Token.state)
            output.append(contentsOf: state)
        case .unrecordedJump:
            beginJump(entry)
            output.append(contentsOf: Token.unrecorded)
        case .header(let header):
            appendHeader(header, entry)
        }
        output.append(contentsOf: "}\n".utf8)
        return failure
    }

    /// Whether the next header follows a torn line (the file, when opened,
    /// ended in the middle of one); set by the writer, cleared once written.
    var previousLineTorn = false

    /// Appends an action's line up to its closing brace; returns the error to
    /// report if it could not be encoded.
    private mutating func appendAction(_ action: any Action, codec index: Int, _ entry: ActionLogEntry)
        -> ActionLogWriteError?
    {
        let codec = registry.codec(at: index)
        output.append(contentsOf: codec.header)
        appendTimestamp(entry)
        if let effect = entry.effect {
            output.append(contentsOf: Token.effect)
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: effect.rawValue.utf8)
            output.append(UInt8(ascii: "\""))
        }
        do {
            let payload = try codec.encode(action, encoder)
            output.append(contentsOf: Token.payload)
            output.append(contentsOf: payload)
            return nil
        } catch {
            output.append(contentsOf: Token.unrecorded)
            return ActionLogWriteError(
                file: file,
                reason: .unencodableAction(type: codec.name, details: "entry \(count) of session \(session): \(error)"))
        }
    }

    /// Appends `,"changes":[…]`: the RFC 6902 operations from the state before
    /// to the state after the action; `,"changesUnrecorded":true` if the state
    /// could not be encoded (the next changes then replace the whole state).
    private mutating func appendChanges(_ recorded: ActionLogActionWithState) {
        if stateChanges == nil { stateChanges = StateChangeRecorder(startingState: nil) }
        do {
            let changes = try stateChanges!.changes(after: try recorded.state(encoder))
            output.append(contentsOf: Token.changes)
            output.append(contentsOf: changes)
        } catch {
            stateChanges = StateChangeRecorder(startingState: nil)
            output.append(contentsOf: Token.changesUnrecorded)
        }
    }

    private mutating func appendHeader(_ header: ActionLogHeaderLine, _ entry: ActionLogEntry) {
        if recordsStateChanges { stateChanges = StateChangeRecorder(startingState: header.state) }
        output.append(contentsOf: ActionLogLineFormat.headerStart)
        output.append(contentsOf: #"""#.utf8)
        output.append(contentsOf: header.session.utf8)
        output.append(contentsOf: #"""#.utf8)
        if header.continues { output.append(contentsOf: Token.continues) }
        appendTimestamp(entry)
        appendInteger(header.version, after: Token.version)
        appendInteger(header.entry, after: Token.entry)
        if let numbering {
            appendInteger(numbering.session, after: Token.number)
            appendInteger(numbering.lines, after: Token.line)
        }
        if previousLineTorn {
            previousLineTorn = false
            output.append(contentsOf: Token.previousLineTorn)
        }
        if let recovered = header.recovered {
            output.append(contentsOf: Token.recovered)
            // Two fields of fixed types: it always encodes.
            output.append(contentsOf: try! encoder.encode(recovered))
        }
        if let state = header.state {
            output.append(contentsOf: Token.state)
            output.append(contentsOf: state)
        } else {
            output.append(contentsOf: Token.stateUnrecorded)
        }
    }

    /// Appends `token` and `value` in decimal.
    private mutating func appendInteger(_ value: Int, after token: [UInt8]) {
        output.append(contentsOf: token)
        output.append(contentsOf: String(value).utf8)
    }

    private mutating func beginJump(_ entry: ActionLogEntry) {
        output.append(contentsOf: ActionLogLineFormat.jumpStart)
        appendTimestamp(entry)
    }

    /// Appends `,"timestamp":"2026-11-29T10:00:00.123Z"` (ISO 8601, UTC, milliseconds).
    private mutating func appendTimestamp(_ entry: ActionLogEntry) {
        if entry.seconds != cachedSecond {
            cachedSecond = entry.seconds
            var time = time_t(entry.seconds)
            var fields = tm()
            gmtime_r(&time, &fields)
            let prefix =
                String(decoding: ActionLogLineFormat.Field.timestamp.token, as: UTF8.self) + "\""
                + digits(Int(fields.tm_year) + 1900, 4) + "-" + digits(Int(fields.tm_mon) + 1, 2) + "-"
                + digits(Int(fields.tm_mday), 2) + "T" + digits(Int(fields.tm_hour), 2) + ":"
                + digits(Int(fields.tm_min), 2) + ":" + digits(Int(fields.tm_sec), 2)
            cachedPrefix = Array(prefix.utf8)
        }
        output.append(contentsOf: cachedPrefix)
        let milliseconds = entry.nanoseconds / 1_000_000
        output.append(contentsOf: [
            UInt8(ascii: "."), UInt8(ascii: "0") + UInt8(milliseconds / 100),
            UInt8(ascii: "0") + UInt8(milliseconds / 10 % 10), UInt8(ascii: "0") + UInt8(milliseconds % 10),
            UInt8(ascii: "Z"), UInt8(ascii: "\""),
        ])
    }

    private func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// The writer's tokens, made once from ``ActionLogLineFormat``.
private enum Token {
    static let unrecorded = ActionLogLineFormat.mark(.unrecorded)
    static let continues = ActionLogLineFormat.mark(.continues)
    static let previousLineTorn = ActionLogLineFormat.mark(.previousLineTorn)
    static let stateUnrecorded = ActionLogLineFormat.mark(.stateUnrecorded)
    static let changesUnrecorded = ActionLogLineFormat.mark(.changesUnrecorded)
    static let state = ActionLogLineFormat.Field.state.token
    static let effect = ActionLogLineFormat.Field.effect.token
    static let payload = ActionLogLineFormat.Field.payload.token
    static let changes = ActionLogLineFormat.Field.changes.token
    static let recovered = ActionLogLineFormat.Field.recovered.token
    static let version = ActionLogLineFormat.Field.version.token
    static let entry = ActionLogLineFormat.Field.entry.token
    static let number = ActionLogLineFormat.Field.number.token
    static let line = ActionLogLineFormat.Field.line.token
}
