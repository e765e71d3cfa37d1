import Foundation

/// An action log read and decoded, line by line, before anything is replayed.
struct ActionLogReader<State> {
    /// One thing to replay. (Not generic: a generic enum's metadata is made at
    /// run time with a read valgrind reports, which the Demo's valgrind run
    /// would count as an error.)
    enum Step {
        case action(any Action)
        /// A jump to the state at this index of ``states``.
        case jump(Int)
    }

    private(set) var steps: [Step] = []
    /// The states the jumps set.
    private(set) var states: [State] = []
    private(set) var summary = ActionLogReplay(replayed: 0)

    /// Reads the chosen sessions of `log`. Each starts with a jump to the
    /// state its header holds, when it holds one and `State` is `Decodable`
    /// (a store replaying the session starts where the recorded one did); a
    /// session without one goes on from the state before it.
    ///
    /// - Throws: ``ActionLogError`` for the first line that cannot be replayed.
    init(
        log: ActionLogRawLog, sessions selection: ActionLogSessionSelection, registry: ActionRegistry,
        options: ActionLogReplayOptions
    ) throws {
        var (actions, jumps, skipped, torn) = (0, 0, 0, false)
        for session in log.sessions[try selection.indices(of: log.sessions.count)] {
            if let header = session.header, session.decodedHeader?.stateUnrecorded != true,
                State.self is any Decodable.Type
            {
                states.append(try Self.state(ActionLogLineFields(header.data).raw(.state), line: header.number))
                steps.append(.jump(states.count - 1))
            }
            for line in session.entries {
                let number = line.number
                let entry = try Self.entry(line)
                switch entry.kind {
                case .unrecordedAction, .unrecordedJump:
                    guard options.contains(.skippingUnrecorded) else {
                        throw ActionLogError(
                            line: number,
                            reason: entry.kind == .unrecordedJump
                                ? .unrecordedJump : .unrecordedAction(type: entry.fields.string(.type) ?? "?"))
                    }
                    skipped += 1
                case .jump:
                    states.append(try Self.state(entry.state, line: number))
                    steps.append(.jump(states.count - 1))
                    jumps += 1
                case .action(let type):
                    steps.append(
                        .action(try Self.action(type, payload: entry.payload, line: number, registry: registry)))
                    actions += 1
                case nil:
                    throw ActionLogError(line: number, reason: .notALogLine("it has no \"type\" field"))
                }
            }
            if let cut = session.torn {
                guard options.contains(.allowingTornLastLine) else {
                    throw ActionLogError(line: cut.number, reason: .tornLastLine)
                }
                torn = true
            }
        }
        summary = ActionLogReplay(replayed: actions, jumps: jumps, skippedUnrecorded: skipped, tornLastLine: torn)
    }

    /// `line` read as an entry.
    ///
    /// - Throws: ``ActionLogError`` with why, if it is not one.
    private static func entry(_ line: ActionLogRawLog.Line) throws -> ActionLogEntryLine {
        switch ActionLogLine(line.data) {
        case .entry(let entry): return entry
        case .unreadable(let reason): throw ActionLogError(line: line.number, reason: .notALogLine(reason))
        case .header, .torn: throw ActionLogError(line: line.number, reason: .notALogLine("not an entry"))
        }
    }

    private static func action(_ type: String, payload: Data?, line number: Int, registry: ActionRegistry) throws
        -> any Action
    {
        guard registry.isRegistered(type) else {
            throw ActionLogError(line: number, reason: .unknownType(type))
        }
        do {
            return try registry.decode(name: type, payload: payload)
        } catch {
            throw ActionLogError(line: number, reason: .undecodable(type: type, details: String(describing: error)))
        }
    }

    /// The state `bytes` hold (a header's or a jump's).
    private static func state(_ bytes: Data?, line number: Int) throws -> State {
        guard let decodable = State.self as? any Decodable.Type else {
            throw ActionLogError(line: number, reason: .undecodableState(details: "\(State.self) is not Decodable"))
        }
        do {
            guard let bytes else { throw ActionLogLineFields.Absent(field: .state) }
            return try decodeState(decodable, from: bytes) as! State
        } catch {
            throw ActionLogError(line: number, reason: .undecodableState(details: String(describing: error)))
        }
    }

    private static func decodeState<S: Decodable>(_ type: S.Type, from bytes: Data) throws -> S {
        try DevtoolsJSON.makeDecoder().decode(S.self, from: bytes)
    }
}
