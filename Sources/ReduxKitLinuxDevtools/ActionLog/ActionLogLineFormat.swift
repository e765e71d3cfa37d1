/// The action log's line format, in one place: the fields a line can hold and
/// how each kind of line starts. ``ActionLogLines`` writes lines with these
/// tokens; ``ActionLogLine`` reads every line with them (sessions, replay,
/// crash recovery, its census and the inspector all read through it), so a
/// field added here is read everywhere.
///
/// ```
/// {"session":"6F96…","timestamp":"…","version":2,"entry":0,"number":3,"line":120,"state":{…}}
/// {"type":"AddTodo","timestamp":"…","effect":"thunk","payload":{"title":"Milk"},"changes":[…]}
/// {"type":"Tick","timestamp":"…","unrecorded":true}
/// {"jump":true,"timestamp":"…","state":{"todos":[]}}
/// ```
///
/// Every line is one JSON object on one line. The writer puts the small
/// fields first and the large ones (`payload`, `state`, `changes`) last, so a
/// reader that wants only the first fields stops before the large ones
/// (``ActionLogLineFields/init(_:stoppingAt:)``). A reader passes over a field
/// it does not know, so a line with a field added later still reads.
enum ActionLogLineFormat {
    /// A field of a line; its ``name`` is the case's (its raw value numbers
    /// it, for readers that keep one slot a field).
    enum Field: Int, CaseIterable {
        // A session's header (see ``ActionLogSessionHeader``).
        /// The session's identifier (a UUID); what makes a line a header.
        case session
        /// `true` in the header of a file rotation started in the middle of a session.
        case continues
        /// The session's number in the log, from 1 for the first session the
        /// log ever held (headers written before issue 42 have none).
        case number
        /// The header's line number in its file, from 1 (with ``number``).
        case line
        /// When the line was written (ISO 8601, UTC, milliseconds); headers and entries.
        case timestamp
        /// The version of the state's shape.
        case version
        /// The session's entries before the header.
        case entry
        /// `true` when the line before the header is a torn line.
        case previousLineTorn
        /// How crash recovery made the session's starting state.
        case recovered
        /// The state: a header's, or a jump's.
        case state
        /// `true` when a header's state could not be encoded.
        case stateUnrecorded

        // An entry.
        /// An action's type name; what makes a line an action.
        case type
        /// The kind of effect that dispatched the action.
        case effect
        /// An action's payload.
        case payload
        /// `true` when an action (or a jump's state) could not be encoded.
        case unrecorded
        /// `true` on a time-travel jump.
        case jump
        /// The RFC 6902 changes of the state, for a log that records them.
        case changes
        /// `true` when the state after an action could not be encoded.
        case changesUnrecorded

        /// The field's name in a line: the case's name.
        var name: String { String(describing: self) }

        /// `,"name":`, as the writer writes it before the value of any field but the first.
        var token: [UInt8] { Array(",\"\(name)\":".utf8) }
    }

    /// How every session header starts (`{"session":`); no other line starts so.
    static let headerStart = Array(#"{"session":"#.utf8)
    /// How every action's line starts.
    static let actionStart = Array(#"{"type":"#.utf8)
    /// How every jump's line starts.
    static let jumpStart = Array(#"{"jump":true"#.utf8)
    /// `,"name":true`, the writer's marks (``Field/unrecorded``, ``Field/continues``…).
    static func mark(_ field: Field) -> [UInt8] {
        Array(",\"\(field.name)\":true".utf8)
    }

    /// How many of a header's first bytes hold its fields before its state:
    /// the writer writes those first, and they take about 250 bytes (an
    /// identifier, a time, a few integers, the recovery note).
    static let headerFieldsWindow = 512

    /// Whether `line` starts as a session header does: the one test of a
    /// header that reads nothing but the first bytes (a header torn by a
    /// crash starts so too).
    static func startsHeader(_ line: some Sequence<UInt8>) -> Bool {
        line.starts(with: headerStart)
    }

    /// Whether a line is read whole when its bytes run out: every line is
    /// one object, so its last byte (spaces aside) closes it.
    static func endsWhole(lastByte: UInt8) -> Bool {
        lastByte == UInt8(ascii: "}")
    }
}
