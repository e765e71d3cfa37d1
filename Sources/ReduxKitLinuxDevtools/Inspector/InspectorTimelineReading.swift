import Foundation

extension InspectorTimeline {
    /// The timeline of the log `rawLog` holds: each session's header, its
    /// entries (numbered from 1 in their session), its continuation headers'
    /// states, and what was cut or skipped, said in notes.
    ///
    /// A line that cannot be read in the middle of a session (a damaged file,
    /// garbage bytes, JSON nested too deep) is listed where it was as an
    /// ``Kind/unreadable`` entry with why, noted in its session and counted
    /// in the log's notes; the torn last line of a session is noted as such
    /// (unless it is whole, only nested too deep: then it is unreadable).
    init(rawLog: ActionLogRawLog) {
        self.init()
        for (index, raw) in rawLog.sessions.enumerated() {
            var session = Session(number: index + 1)
            var offset = 0
            if let header = raw.header, let decoded = raw.decodedHeader {
                Self.read(header: header, decoded, into: &session)
                if decoded.continues == true {
                    // Its start was in a file rotation removed: it starts at a continuation header.
                    offset = decoded.entry
                    session.notes.append(
                        "Its first \(offset) entries were in a file rotated away: it is shown from the "
                            + "continuation header that followed them, with its state then.")
                }
            } else {
                session.notes.append(
                    "These lines come before any session header (a log written before sessions, "
                        + "or whose first file was rotated away): the starting state is not known.")
            }
            // A continuation header's `entriesBefore` counts the lines before it; the page wants
            // the number of the entry it follows (lines skipped as damaged have none).
            var pending = raw.checkpoints[...]
            var number = offset
            for (position, line) in raw.entries.enumerated() {
                while let checkpoint = pending.first, checkpoint.entriesBefore <= position {
                    session.checkpoints.append(Self.checkpoint(checkpoint.header, after: number))
                    pending = pending.dropFirst()
                }
                number += 1
                guard case .entry(let read) = ActionLogLine(line.data),
                    let entry = Self.entry(read, session: index, number: number)
                else {
                    append(unreadable: line, to: &session, index: index, number: number)
                    continue
                }
                if entry.changes != nil { statesRecorded = true }
                entries.append(entry)
            }
            for checkpoint in pending { session.checkpoints.append(Self.checkpoint(checkpoint.header, after: number)) }
            if let torn = raw.torn {
                if ActionLogUnreadableLine.isWholeButTooDeep(torn.data) {
                    // Whole, but unreadable (nested too deep): a crash cannot cut a line to a whole object.
                    append(unreadable: torn, to: &session, index: index, number: number + 1)
                } else {
                    session.tornLastLine = true
                    session.notes.append(
                        "The session ends in a torn line (\(torn.data.count) bytes at \(Self.place(of: torn))): "
                            + "the app stopped while writing it, and the action it held is lost.")
                }
            }
            sessions.append(session)
        }
        if rawLog.sessions.isEmpty { notes.append("The log is empty.") }
        let unreadable = entries.count { $0.kind == .unreadable }
        if unreadable > 0 {
            notes.append(
                (unreadable == 1 ? "1 line" : "\(unreadable) lines") + " of the log could not be read: "
                    + (unreadable == 1 ? "it is" : "they are") + " listed as unreadable, with why, "
                    + "and the states after them may be wrong.")
        }
    }

    /// Lists `line`, which cannot be read, as entry `number` of `session`
    /// (at `index`), with why, and says so in the session's notes.
    private mutating func append(
        unreadable line: ActionLogRawLog.Line, to session: inout Session, index: Int, number: Int
    ) {
        let reason = ActionLogUnreadableLine.reason(line.data)
        session.notes.append(
            "\(Self.place(of: line)) is not a log line that can be read (\(reason)): listed as unreadable, "
                + "and the states after it may be wrong.")
        entries.append(Entry(session: index, entry: number, kind: .unreadable, reason: reason))
    }

    /// Fills `session` from its header line, `decoded`.
    private static func read(
        header: ActionLogRawLog.Line, _ decoded: ActionLogSessionHeader, into session: inout Session
    ) {
        session.id = decoded.session
        session.started = decoded.timestamp
        session.version = decoded.version
        session.state = Self.shown(ActionLogLineFields(header.data).raw(.state))
        if decoded.stateUnrecorded == true || session.state == nil {
            session.notes.append(
                "Its starting state was not recorded (the state is not Encodable, or failed to encode).")
        }
        if let recovered = decoded.recovered, let note = Self.note(recovered) { session.notes.append(note) }
    }

    /// What `recovered` says of a session's starting state; `nil` for a
    /// launch that had nothing to recover.
    static func note(_ recovered: ActionLogRecoveryNote) -> String? {
        let replayed = recovered.replayed == 1 ? "1 logged action" : "\(recovered.replayed) logged actions"
        switch (recovered.from, recovered.replayed) {
        case ("none", 0): return nil
        case ("saved", 0): return "Its starting state is the last saved state (no logged action came after it)."
        case ("saved", _):
            return "Crash recovery made its starting state: the last saved state, then \(replayed) replayed."
        case ("log", _):
            return "Crash recovery made its starting state: a state recorded in the log, then \(replayed) replayed."
        case ("none", _): return "Crash recovery made its starting state: the initial state, then \(replayed) replayed."
        default: return "Crash recovery made its starting state (from \(recovered.from), \(replayed) replayed)."
        }
    }

    /// The checkpoint a continuation header records, after entry `number`.
    private static func checkpoint(_ header: ActionLogRawLog.Line, after number: Int) -> Checkpoint {
        Checkpoint(entriesBefore: number, state: shown(ActionLogLineFields(header.data).raw(.state)))
    }

    /// The entry an entry line records; `nil` if a value the page shows as
    /// JSON is not JSON (the page could not show it).
    private static func entry(_ line: ActionLogEntryLine, session: Int, number: Int) -> Entry? {
        let kind: Kind =
            switch line.kind {
            case .jump: .jump
            case .unrecordedJump: .unrecordedJump
            case .unrecordedAction: .unrecorded
            case .action, nil: .action
            }
        let fields = line.fields
        let payload = fields.raw(.payload)
        let changes = fields.raw(.changes)
        let state = kind == .jump ? fields.raw(.state) : nil
        guard [payload, changes, state].allSatisfy({ $0 == nil || shown($0) != nil }) else { return nil }
        return Entry(
            session: session, entry: number, kind: kind, type: fields.string(.type),
            timestamp: fields.string(.timestamp), payload: payload.map(InspectorRawJSON.init),
            changes: changes.map(InspectorRawJSON.init), state: state.map(InspectorRawJSON.init),
            effect: fields.string(.effect))
    }

    /// `bytes` for the page, if they are JSON it can show.
    private static func shown(_ bytes: Data?) -> InspectorRawJSON? {
        guard let bytes, (try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])) != nil else {
            return nil
        }
        return InspectorRawJSON(bytes)
    }

    /// "line N of FILE".
    private static func place(of line: ActionLogRawLog.Line) -> String {
        "line \(line.number) of \(line.file.lastPathComponent)"
    }
}
