import Foundation
import ReduxKitLinuxEffects

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One thing the reducer saw, as the store's domain hands it to the writer:
/// only what it costs nothing to take there (the action itself, its codec's
/// index and the time), so the encoding happens on the writer's thread.
struct ActionLogEntry: Sendable {
    enum Kind: Sendable {
        /// An action of a registered type.
        case action(any Action, codec: Int)
        /// An action of a registered type, with the state after it, for a log
        /// that records state changes.
        case actionWithState(ActionLogActionWithState)
        /// An action of a type not in the registry.
        case unrecorded(type: String)
        /// A time-travel jump to a state, encoded (in the store's domain: the
        /// state need not be `Sendable`).
        case jump(state: Data)
        /// A jump whose state could not be encoded.
        case unrecordedJump
        /// A session's header, or (``ActionLogHeaderLine/continues``) the
        /// header of a file rotation starts in the middle of it: the writer
        /// rotates the file before writing it.
        case header(ActionLogHeaderLine)
    }

    let kind: Kind
    /// The kind of effect that dispatched the action; `nil` for the app.
    let effect: EffectOrigin?
    /// Seconds and nanoseconds since 1970, UTC.
    let seconds: Int
    let nanoseconds: Int

    init(_ kind: Kind, effect: EffectOrigin? = nil) {
        self.kind = kind
        self.effect = effect
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        seconds = Int(now.tv_sec)
        nanoseconds = Int(now.tv_nsec)
    }
}

/// An action with the state it left, for a log that records state changes
/// (a class: an entry holds one reference).
final class ActionLogActionWithState: Sendable {
    let action: any Action
    let codec: Int
    /// Encodes the state after the action (it captures the state, which is `Sendable`).
    let state: @Sendable (JSONEncoder) throws -> Data

    init(action: any Action, codec: Int, state: @escaping @Sendable (JSONEncoder) throws -> Data) {
        self.action = action
        self.codec = codec
        self.state = state
    }
}

/// A session's header as the store's domain hands it to the writer (a class:
/// an entry holds one reference, not the fields).
final class ActionLogHeaderLine: Sendable {
    /// The session's identifier.
    let session: String
    /// The version of the state's shape.
    let version: Int
    /// The entries of the session before it.
    let entry: Int
    /// Whether it continues the session in a new file.
    let continues: Bool
    /// The state's JSON, or `nil` if it could not be encoded.
    let state: Data?
    /// How crash recovery made the starting state.
    let recovered: ActionLogRecoveryNote?

    init(session: String, version: Int, entry: Int, continues: Bool, state: Data?, recovered: ActionLogRecoveryNote?) {
        self.session = session
        self.version = version
        self.entry = entry
        self.continues = continues
        self.state = state
        self.recovered = recovered
    }
}

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
            output.append(contentsOf: #"{"type":"#.utf8)
            // A string always encodes.
            output.append(contentsOf: try! encoder.encode(type))
            appendTimestamp(entry)
            output.append(contentsOf: #","unrecorded":true"#.utf8)
        case .jump(let state):
            if recordsStateChanges { stateChanges = StateChangeRecorder(startingState: state) }
            beginJump(entry)
            output.append(contentsOf: #","state":"#.utf8)
            output.append(contentsOf: state)
        case .unrecordedJump:
            beginJump(entry)
            output.append(contentsOf: #","unrecorded":true"#.utf8)
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
            output.append(contentsOf: #","effect":""#.utf8)
            output.append(contentsOf: effect.rawValue.utf8)
            output.append(UInt8(ascii: "\""))
        }
        do {
            let payload = try codec.encode(action, encoder)
            output.append(contentsOf: #","payload":"#.utf8)
            output.append(contentsOf: payload)
            return nil
        } catch {
            output.append(contentsOf: #","unrecorded":true"#.utf8)
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
            output.append(contentsOf: #","changes":"#.utf8)
            output.append(contentsOf: changes)
        } catch {
            stateChanges = StateChangeRecorder(startingState: nil)
            output.append(contentsOf: #","changesUnrecorded":true"#.utf8)
        }
    }

    private mutating func appendHeader(_ header: ActionLogHeaderLine, _ entry: ActionLogEntry) {
        if recordsStateChanges { stateChanges = StateChangeRecorder(startingState: header.state) }
        output.append(contentsOf: ActionLogLineFormat.headerStart)
        output.append(contentsOf: #"""#.utf8)
        output.append(contentsOf: header.session.utf8)
        output.append(contentsOf: #"""#.utf8)
        if header.continues { output.append(contentsOf: #","continues":true"#.utf8) }
        appendTimestamp(entry)
        output.append(contentsOf: #","version":\#(header.version),"entry":\#(header.entry)"#.utf8)
        if let numbering {
            output.append(contentsOf: #","number":\#(numbering.session),"line":\#(numbering.lines)"#.utf8)
        }
        if previousLineTorn {
            previousLineTorn = false
            output.append(contentsOf: #","previousLineTorn":true"#.utf8)
        }
        if let recovered = header.recovered {
            output.append(contentsOf: #","recovered":"#.utf8)
            // Two fields of fixed types: it always encodes.
            output.append(contentsOf: try! encoder.encode(recovered))
        }
        if let state = header.state {
            output.append(contentsOf: #","state":"#.utf8)
            output.append(contentsOf: state)
        } else {
            output.append(contentsOf: #","stateUnrecorded":true"#.utf8)
        }
    }

    private mutating func beginJump(_ entry: ActionLogEntry) {
        output.append(contentsOf: #"{"jump":true"#.utf8)
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
                #","timestamp":""#
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
