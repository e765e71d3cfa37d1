import Foundation

/// The first line of a session in an action log, and of each file size
/// rotation starts in the middle of one:
///
/// ```
/// {"session":"6F9619FF-8B86-D011-B42D-00C04FC964FF","timestamp":"2026-11-29T10:00:00.123Z","version":2,"entry":0,"state":{"todos":[]}}
/// {"session":"6F9619FF-8B86-D011-B42D-00C04FC964FF","continues":true,"timestamp":"2026-11-29T11:00:00.000Z","version":2,"entry":52144,"state":{"todos":[…]}}
/// ```
///
/// `state` is the state when the line was written (the session's starting
/// state, or the state after `entry` entries for a continuation); in its place
/// `"stateUnrecorded": true` says the state could not be encoded.
/// `"previousLineTorn": true` says the line before it is a torn line the launch
/// before left (a crash in the middle of writing it); `recovered` says how
/// crash recovery made the starting state. `number` and `line` (written since
/// issue 42) are the session's number in the log and the header's line in its
/// file, so a reader of the log's tail numbers what it reads without counting
/// what comes before it.
///
/// Read from a line by ``ActionLogLine`` (the log's one reader of its format).
struct ActionLogSessionHeader: Equatable {
    /// The session's identifier (a UUID), the same in its continuation headers.
    let session: String
    /// When the line was written (ISO 8601, UTC, milliseconds).
    let timestamp: String
    /// The version of the state's shape the app wrote it with.
    let version: Int
    /// The entries of the session before this line: 0 for a session's start.
    let entry: Int
    /// Whether this line continues a session in a new file (size rotation).
    var continues: Bool? = nil
    /// Whether the line before this one is torn.
    var previousLineTorn: Bool? = nil
    /// Whether the state could not be encoded (it is absent then).
    var stateUnrecorded: Bool? = nil
    /// How crash recovery made the starting state, for a session it started.
    var recovered: ActionLogRecoveryNote? = nil
    /// The session's number among all the sessions the log held, from 1
    /// (rotation may have deleted the first ones); `nil` in older logs.
    var number: Int? = nil
    /// The header's line in its file, from 1; `nil` in older logs.
    var line: Int? = nil

    /// The header `fields` hold; ``ActionLogLineFields/Absent`` if a field it needs is absent or
    /// not of its type.
    static func read(_ fields: ActionLogLineFields) -> Result<Self, ActionLogLineFields.Absent> {
        guard let session = fields.string(.session) else {
            return .failure(ActionLogLineFields.Absent(field: .session))
        }
        guard let timestamp = fields.string(.timestamp) else {
            return .failure(ActionLogLineFields.Absent(field: .timestamp))
        }
        guard let version = fields.integer(.version) else {
            return .failure(ActionLogLineFields.Absent(field: .version))
        }
        guard let entry = fields.integer(.entry) else { return .failure(ActionLogLineFields.Absent(field: .entry)) }
        var recovered: ActionLogRecoveryNote?
        if let note = fields.raw(.recovered) {
            guard let decoded = try? DevtoolsJSON.makeDecoder().decode(ActionLogRecoveryNote.self, from: note) else {
                return .failure(ActionLogLineFields.Absent(field: .recovered))
            }
            recovered = decoded
        }
        return .success(
            ActionLogSessionHeader(
                session: session, timestamp: timestamp, version: version, entry: entry,
                continues: fields.isTrue(.continues) ? true : nil,
                previousLineTorn: fields.isTrue(.previousLineTorn) ? true : nil,
                stateUnrecorded: fields.isTrue(.stateUnrecorded) ? true : nil, recovered: recovered,
                number: fields.integer(.number), line: fields.integer(.line)))
    }
}

extension ActionLogSessionHeader {
    /// Reads a header's fields from the first bytes of its line, up to its
    /// state (not read); `nil` if they are not a header's.
    init?(firstBytes bytes: some Sequence<UInt8>) {
        guard case .success(let header) = Self.read(ActionLogLineFields(Data(bytes), stoppingAt: .state)) else {
            return nil
        }
        self = header
    }

    /// Reads a header's fields from the first bytes of the line at `offset`
    /// in `file` (no further than `end`), up to its state; `nil` if they are
    /// not a header's.
    init?(at offset: Int, in file: ActionLogFileReader, before end: Int? = nil) {
        let limit = max(offset, min(end ?? file.size, offset + ActionLogLineFormat.headerFieldsWindow))
        self.init(firstBytes: file.read(offset..<limit))
    }
}

/// What a session's header says crash recovery did to make its starting state.
public struct ActionLogRecoveryNote: Codable, Equatable, Sendable {
    /// Where recovery started: `"saved"` (the state ``Persistence`` saved),
    /// `"log"` (a state the log recorded), or `"none"` (the store's default).
    public let from: String
    /// The logged actions and jumps replayed after it.
    public let replayed: Int

    /// Creates the note.
    ///
    /// - Parameters:
    ///   - from: Where recovery started.
    ///   - replayed: The entries replayed after it.
    public init(from: String, replayed: Int) {
        self.from = from
        self.replayed = replayed
    }

    private enum CodingKeys: String, CodingKey {
        case from, replayed
    }

    /// Reads the note from a session's header.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` if a field is missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            from: try container.decode(String.self, forKey: .from),
            replayed: try container.decode(Int.self, forKey: .replayed))
    }

    /// Writes the note for a session's header.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(from, forKey: .from)
        try container.encode(replayed, forKey: .replayed)
    }
}
