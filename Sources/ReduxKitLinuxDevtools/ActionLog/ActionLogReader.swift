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

    /// The fields of a line read before its payload or state.
    private struct Header: Decodable {
        let type: String?
        let jump: Bool?
        let unrecorded: Bool?
    }

    /// A jump's line or a header, its state decoded as `S`.
    private struct JumpLine<S: Decodable>: Decodable {
        let state: S
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
                states.append(try Self.state(of: header.data, line: header.number))
                steps.append(.jump(states.count - 1))
            }
            for line in session.entries {
                let number = line.number
                let header: Header
                do {
                    header = try DevtoolsJSON.makeDecoder().decode(Header.self, from: line.data)
                } catch {
                    throw ActionLogError(line: number, reason: .notALogLine(String(describing: error)))
                }
                if header.unrecorded == true {
                    guard options.contains(.skippingUnrecorded) else {
                        throw ActionLogError(
                            line: number,
                            reason: header.jump == true
                                ? .unrecordedJump : .unrecordedAction(type: header.type ?? "?"))
                    }
                    skipped += 1
                } else if header.jump == true {
                    states.append(try Self.state(of: line.data, line: number))
                    steps.append(.jump(states.count - 1))
                    jumps += 1
                } else if let type = header.type {
                    steps.append(.action(try Self.action(type, of: line.data, line: number, registry: registry)))
                    actions += 1
                } else {
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

    private static func action(_ type: String, of line: Data, line number: Int, registry: ActionRegistry) throws
        -> any Action
    {
        guard registry.isRegistered(type) else {
            throw ActionLogError(line: number, reason: .unknownType(type))
        }
        do {
            return try registry.decode(name: type, line: line)
        } catch {
            throw ActionLogError(line: number, reason: .undecodable(type: type, details: String(describing: error)))
        }
    }

    private static func state(of line: Data, line number: Int) throws -> State {
        guard let decodable = State.self as? any Decodable.Type else {
            throw ActionLogError(line: number, reason: .undecodableState(details: "\(State.self) is not Decodable"))
        }
        do {
            return try decodeState(decodable, from: line) as! State
        } catch {
            throw ActionLogError(line: number, reason: .undecodableState(details: String(describing: error)))
        }
    }

    private static func decodeState<S: Decodable>(_ type: S.Type, from line: Data) throws -> S {
        try DevtoolsJSON.makeDecoder().decode(JumpLine<S>.self, from: line).state
    }
}
