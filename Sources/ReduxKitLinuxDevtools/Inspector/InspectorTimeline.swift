import Foundation

/// What an inspector page shows: a log's sessions and entries, in the order
/// they happened, with their payloads, recorded state changes and states kept
/// as the log's own JSON bytes (spliced into the page as they are, never
/// decoded and encoded again).
///
/// The page's script reads it as one JSON object (``InspectorTimelineJSON``
/// writes it): `{"title", "statesRecorded", "notes", "sessions", "entries"}`.
struct InspectorTimeline: Equatable {
    /// One launch of the app, as its header line describes it.
    struct Session: Equatable {
        /// Its number in the log, from 1.
        var number: Int
        /// Its header's `"session"` (a UUID); `nil` for lines before any header.
        var id: String?
        /// When it started (its header's ISO 8601 `"timestamp"`).
        var started: String?
        /// The app's state version its header records.
        var version: Int?
        /// The state it started from, as JSON; `nil` when not recorded.
        var state: InspectorRawJSON?
        /// Whether its last line was torn (cut by a crash mid-write).
        var tornLastLine: Bool = false
        /// The continuation headers of size rotation: the full state after a
        /// number of the session's entries.
        var checkpoints: [Checkpoint] = []
        /// What a reader should know about it (recovery, lines skipped, a torn line).
        var notes: [String] = []
    }

    /// A state recorded in the middle of a session (a continuation header).
    struct Checkpoint: Equatable {
        /// The session's entries before it.
        var entriesBefore: Int
        /// The state then, as JSON; `nil` when not recorded.
        var state: InspectorRawJSON?
    }

    /// What an entry line records.
    enum Kind: String, Equatable {
        /// An action, with its payload.
        case action
        /// A time-travel jump to a state.
        case jump
        /// An action of a type the registry does not know, or that failed to encode.
        case unrecorded
        /// A jump whose state could not be encoded.
        case unrecordedJump
        /// A line the inspector cannot read (``ActionLogUnreadableLine``):
        /// listed where it was, with why.
        case unreadable
    }

    /// One entry line: an action or a jump.
    struct Entry: Equatable {
        /// The index of its session in ``InspectorTimeline/sessions``, from 0.
        var session: Int
        /// Its number in its session, from 1.
        var entry: Int
        /// What it records.
        var kind: Kind
        /// The action's type (`nil` for jumps).
        var type: String?
        /// When it was logged (ISO 8601).
        var timestamp: String?
        /// The action's payload, as JSON.
        var payload: InspectorRawJSON?
        /// The state's changes, a JSON array of RFC 6902 operations.
        var changes: InspectorRawJSON?
        /// A jump's state, as JSON.
        var state: InspectorRawJSON?
        /// The effect that dispatched it (`"thunk"`, `"asyncThunk"`, `"listener"`).
        var effect: String?
        /// Why an ``Kind/unreadable`` line could not be read.
        var reason: String?
    }

    /// The sessions, oldest first.
    var sessions: [Session] = []
    /// Every session's entries, in order.
    var entries: [Entry] = []
    /// Whether any entry records its state's changes (so states can be shown).
    var statesRecorded: Bool = false
    /// What a reader should know about the whole log.
    var notes: [String] = []
}

/// JSON bytes taken from a log line, valid JSON as `JSONEncoder` wrote them.
struct InspectorRawJSON: Equatable {
    /// The bytes.
    var bytes: Data

    /// Wraps `bytes`, which must be one JSON value.
    init(_ bytes: Data) {
        self.bytes = bytes
    }

    /// `text`'s UTF-8 bytes (for tests and fixtures).
    init(_ text: String) {
        bytes = Data(text.utf8)
    }
}
