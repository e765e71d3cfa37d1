import Foundation

/// Where a state stands in an action log: after the first `entries` entries
/// of the session at `session` (an index into the raw log's sessions).
struct ActionLogPosition: Comparable {
    let session: Int
    let entries: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.session, lhs.entries) < (rhs.session, rhs.entries)
    }
}

/// How ``CrashRecovery`` rebuilds the state after the last logged entry: the
/// newest state it has (the saved one, placed in the log by its marker, or
/// one the log recorded: a session's starting state, a rotated file's
/// continuation, a jump), then the logged entries after it, through the
/// store's reducer.
///
/// The saved state is placed by its marker only: a saved state whose session
/// the log does not have (saved before recovery was used, or its session
/// rotated away) comes before every session the log kept, since sessions
/// never overlap and a saved state never gets ahead of the log. A state the
/// log recorded with another version of the state's shape is not used.
struct CrashRecoveryPlan<State: Codable> {
    /// The recovered state; `nil` for the store's default.
    private(set) var state: State?
    private(set) var start: CrashRecoveryReport.Start = .defaultState
    private(set) var replayed = 0
    private(set) var stoppedEarly: String?
    private(set) var cut: ActionLogCut?

    /// A recovery with no usable log: the saved state as it is.
    init(saved: State?, stoppedEarly: String?) {
        state = saved
        start = saved == nil ? .defaultState : .savedState
        self.stoppedEarly = stoppedEarly
    }

    /// Plans and runs the recovery from `saved` (with its `marker`) and `log`
    /// (the whole log, or its tail: `numbering` names its sessions and lines).
    init(
        saved: State?, marker: PersistenceLogMarker?, log: ActionLogRawLog, numbering: CrashRecoveryNumbering,
        registry: ActionRegistry, version: Int, reducer: Reducer<State>
    ) {
        self.init(saved: saved, stoppedEarly: nil)
        if let last = log.sessions.indices.last, let torn = log.sessions[last].torn {
            cut = ActionLogCut(
                session: numbering.session(last), file: torn.file, line: numbering.line(torn), bytes: torn.data.count)
        }
        var from = ActionLogPosition(session: 0, entries: 0)
        var placed = false
        if saved != nil, let marker,
            let index = log.sessions.lastIndex(where: { $0.decodedHeader?.session == marker.session })
        {
            // Entries are counted from the session's start; rotation may have
            // deleted the files it started in.
            let kept = marker.entry - (log.sessions[index].decodedHeader?.entry ?? 0)
            if kept >= 0 {
                from = ActionLogPosition(session: index, entries: min(kept, log.sessions[index].entries.count))
                placed = true
            }
        }
        if let logged = Self.newestLoggedState(in: log, version: version), !placed || from < logged.position {
            do {
                state = try Self.decodeState(ActionLogLineFields(logged.line.data).raw(.state))
                start = .loggedState(session: numbering.session(logged.position.session))
                from = logged.position
                placed = true
            } catch {
                stoppedEarly = "the state logged at line \(numbering.line(logged.line)) does not decode: \(error)"
                return
            }
        }
        if !placed && saved != nil {
            return  // a saved state the log cannot place: nothing in the log comes after it for certain
        }
        replay(log, after: from, numbering: numbering, registry: registry, reducer: reducer)
    }

    /// Feeds the entries after `position` to `reducer`, stopping at the first
    /// it cannot replay.
    private mutating func replay(
        _ log: ActionLogRawLog, after position: ActionLogPosition, numbering: CrashRecoveryNumbering,
        registry: ActionRegistry, reducer: Reducer<State>
    ) {
        let decoder = DevtoolsJSON.makeDecoder()  // one for every line: making one costs more than a small line
        for index in position.session..<log.sessions.count {
            let entries = log.sessions[index].entries
            let first = index == position.session ? position.entries : 0
            for line in entries[first...] {
                do {
                    state = try Self.apply(line, to: state, registry: registry, decoder: decoder, reducer: reducer)
                    replayed += 1
                } catch {
                    stoppedEarly = "line \(numbering.line(line)) of \(line.file.lastPathComponent): \(error)"
                    return
                }
            }
        }
    }

    private static func apply(
        _ line: ActionLogRawLog.Line, to state: State?, registry: ActionRegistry, decoder: JSONDecoder,
        reducer: Reducer<State>
    ) throws -> State {
        let entry: ActionLogEntryLine
        switch ActionLogLine(line.data) {
        case .entry(let read): entry = read
        case .unreadable(let reason): throw CrashRecoveryStop("it is not a log line (\(reason))")
        case .header, .torn: throw CrashRecoveryStop("it is not an entry")
        }
        switch entry.kind {
        case .unrecordedAction(let type):
            throw CrashRecoveryStop("it marks \(type) as not recorded, so it cannot be replayed")
        case .unrecordedJump:
            throw CrashRecoveryStop("it marks a jump as not recorded, so it cannot be replayed")
        case .jump:
            return try decodeState(entry.state, decoder: decoder)
        case .action(let type):
            guard registry.isRegistered(type) else {
                throw CrashRecoveryStop("no action type is registered as \"\(type)\"")
            }
            return reducer(state, try registry.decode(name: type, payload: entry.payload, decoder: decoder))
        case nil:
            throw CrashRecoveryStop("it has no \"type\" field")
        }
    }

    /// The state `bytes` hold (a header's or a jump's).
    private static func decodeState(_ bytes: Data?, decoder: JSONDecoder = DevtoolsJSON.makeDecoder()) throws -> State {
        guard let bytes else { throw ActionLogLineFields.Absent(field: .state) }
        return try decoder.decode(State.self, from: bytes)
    }

    /// The newest state the log recorded in the current `version`: a jump, a
    /// continuation header or a session header, looking from the end.
    private static func newestLoggedState(
        in log: ActionLogRawLog, version: Int
    ) -> (position: ActionLogPosition, line: ActionLogRawLog.Line)? {
        for index in log.sessions.indices.reversed() {
            let session = log.sessions[index]
            guard session.decodedHeader?.version == version else { continue }
            if let jump = session.entries.lastIndex(where: {
                ActionLogLine.start(of: $0.data) == .jump && ActionLogEntryLine($0.data)?.kind == .jump
            }) {
                let after = ActionLogPosition(session: index, entries: jump + 1)
                let checkpoint = session.checkpoints.last {
                    $0.entriesBefore > jump && $0.decoded.stateUnrecorded != true
                }
                if let checkpoint {
                    return (ActionLogPosition(session: index, entries: checkpoint.entriesBefore), checkpoint.header)
                }
                return (after, session.entries[jump])
            }
            if let checkpoint = session.checkpoints.last(where: { $0.decoded.stateUnrecorded != true }) {
                return (ActionLogPosition(session: index, entries: checkpoint.entriesBefore), checkpoint.header)
            }
            if let header = session.header, session.decodedHeader?.stateUnrecorded != true {
                return (ActionLogPosition(session: index, entries: 0), header)
            }
        }
        return nil
    }
}

/// Why recovery stopped at an entry.
struct CrashRecoveryStop: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
