import Foundation

/// One line of an action log, read the one way every reader of the log reads
/// it (sessions, replay, crash recovery and its census, the inspector): what
/// the line is, and its fields (``ActionLogLineFormat``), each read once.
///
/// A line's kind is known from its first bytes (``start(of:)``), which is
/// all a reader that only counts or looks for headers reads; ``init(_:endsFileWithoutNewline:)``
/// reads the whole line's fields, leaving the large values (payload, state,
/// changes) as bytes for their decoder.
enum ActionLogLine {
    /// A session's header (or a rotated file's continuation header).
    case header(ActionLogSessionHeader, ActionLogLineFields)
    /// An entry: an action, an unrecorded action, or a jump.
    case entry(ActionLogEntryLine)
    /// The last line of a file that does not end with a newline: a crash
    /// cut it while it was being written, so it is never an entry.
    case torn
    /// A line that is not one the writer writes, with why, in a few words.
    case unreadable(reason: String)

    /// What a line's first bytes say it is.
    enum Start: Equatable {
        case header, action, jump, other
    }

    /// What `line` is, by its first bytes only (the writer starts each kind
    /// of line its own way; a torn header starts as a header too).
    static func start(of line: some Sequence<UInt8>) -> Start {
        if ActionLogLineFormat.startsHeader(line) { return .header }
        if line.starts(with: ActionLogLineFormat.actionStart) { return .action }
        if line.starts(with: ActionLogLineFormat.jumpStart) { return .jump }
        return .other
    }

    /// Reads `line` (its bytes without the newline). `endsFileWithoutNewline`:
    /// it is the last line of a file whose last byte is not a newline.
    init(_ line: Data, endsFileWithoutNewline: Bool = false) {
        if endsFileWithoutNewline {
            self = .torn
            return
        }
        let fields = ActionLogLineFields(line)
        if fields.problem != nil {
            self = .unreadable(reason: ActionLogUnreadableLine.reason(line))
        } else if ActionLogLineFormat.startsHeader(line) {
            switch ActionLogSessionHeader.read(fields) {
            case .success(let header): self = .header(header, fields)
            case .failure(let missing): self = .unreadable(reason: "a session header with \(missing)")
            }
        } else {
            self = .entry(ActionLogEntryLine(fields))
        }
    }
}

/// An entry's line, read: its kind and its fields.
struct ActionLogEntryLine {
    /// What the entry is.
    enum Kind: Equatable {
        /// An action of the type named, with its payload.
        case action(type: String)
        /// An action of the type named, marked as not recorded.
        case unrecordedAction(type: String)
        /// A jump, with its state.
        case jump
        /// A jump whose state was not recorded.
        case unrecordedJump
    }

    /// Its kind; `nil` for an object that is neither a jump nor has a `type`.
    let kind: Kind?
    /// Its fields, for the payload, the state, the changes, the time.
    let fields: ActionLogLineFields

    init(_ fields: ActionLogLineFields) {
        self.fields = fields
        let unrecorded = fields.isTrue(.unrecorded)
        if fields.isTrue(.jump) {
            kind = unrecorded ? .unrecordedJump : .jump
        } else if let type = fields.string(.type) {
            kind = unrecorded ? .unrecordedAction(type: type) : .action(type: type)
        } else {
            kind = nil
        }
    }

    /// Reads `line` as an entry; `nil` if it is not one (a header, or unreadable).
    init?(_ line: Data) {
        guard case .entry(let entry) = ActionLogLine(line) else { return nil }
        self = entry
    }

    /// An action's payload, as its bytes.
    var payload: Data? { fields.raw(.payload) }
    /// A jump's state, as its bytes.
    var state: Data? { fields.raw(.state) }
    /// When it was written.
    var timestamp: String? { fields.string(.timestamp) }
}
