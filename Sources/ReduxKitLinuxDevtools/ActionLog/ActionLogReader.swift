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

    /// A jump's line, its state decoded as `S`.
    private struct JumpLine<S: Decodable>: Decodable {
        let state: S
    }

    private(set) var steps: [Step] = []
    /// The states the jumps set.
    private(set) var states: [State] = []
    private(set) var summary = ActionLogReplay(replayed: 0)

    /// Reads `contents`.
    ///
    /// - Throws: ``ActionLogError`` for the first line that cannot be replayed.
    init(contents: Data, registry: ActionRegistry, options: ActionLogReplayOptions) throws {
        let lines = contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The writer ends every line it finishes with a newline.
        let torn = contents.last.map { $0 != UInt8(ascii: "\n") } ?? false
        var (actions, jumps, skipped) = (0, 0, 0)
        for (offset, line) in lines.enumerated() where !line.isEmpty {
            let number = offset + 1
            if torn && offset == lines.count - 1 {
                guard options.contains(.allowingTornLastLine) else {
                    throw ActionLogError(line: number, reason: .tornLastLine)
                }
                break
            }
            let lineData = Data(line)
            let header: Header
            do {
                header = try DevtoolsJSON.makeDecoder().decode(Header.self, from: lineData)
            } catch {
                throw ActionLogError(line: number, reason: .notALogLine(String(describing: error)))
            }
            if header.unrecorded == true {
                guard options.contains(.skippingUnrecorded) else {
                    throw ActionLogError(
                        line: number,
                        reason: header.jump == true ? .unrecordedJump : .unrecordedAction(type: header.type ?? "?"))
                }
                skipped += 1
            } else if header.jump == true {
                states.append(try Self.state(of: lineData, line: number))
                steps.append(.jump(states.count - 1))
                jumps += 1
            } else if let type = header.type {
                steps.append(.action(try Self.action(type, of: lineData, line: number, registry: registry)))
                actions += 1
            } else {
                throw ActionLogError(line: number, reason: .notALogLine("it has no \"type\" field"))
            }
        }
        summary = ActionLogReplay(
            replayed: actions, jumps: jumps, skippedUnrecorded: skipped, tornLastLine: torn && !contents.isEmpty)
    }

    /// The bytes of the file at `url`. (Not `Data(contentsOf:)`, which leaks
    /// a buffer when it reads an empty file, as the address sanitizer shows.)
    static func contents(of url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
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
