import Foundation

/// What the action log does with an action whose type is not in its registry.
public enum UnregisteredActions: Sendable {
    /// Leaves it out of the log.
    case skip
    /// Writes a line naming its type, marked `"unrecorded": true`, so a replay
    /// knows something is missing there.
    case mark
}

/// A middleware that records every action it sees to a JSON Lines file: one
/// action per line, with its registered type name and a timestamp.
///
/// ```
/// {"type":"AddTodo","timestamp":"2026-11-29T10:00:00.123Z","payload":{"title":"Milk"}}
/// {"type":"Thunk<AppState>","timestamp":"2026-11-29T10:00:00.456Z","unrecorded":true}
/// ```
///
/// Install it last (innermost), so it sees actions in the order the reducer
/// does. The file is created (or emptied) when the store is created. Writing
/// never stops the app: an error goes to `onError` and later actions are still
/// tried. Replay a log with ``replayActionLog(at:registry:into:skippingUnrecorded:)``.
///
/// - Parameters:
///   - registry: The action types to record.
///   - url: The file to write.
///   - unregistered: Whether to skip other actions or mark them.
///   - onError: Called with any error creating or writing the file.
/// - Returns: The middleware.
public func actionLogMiddleware<State>(
    registry: ActionRegistry,
    to url: URL,
    unregistered: UnregisteredActions = .skip,
    onError: @escaping @Sendable (any Error) -> Void = { _ in }
) -> Middleware<State> {
    { _ in
        let writer = ActionLogWriter(url: url, onError: onError)
        return { next in
            { action in
                writer.write(action, registry: registry, unregistered: unregistered)
                return next(action)
            }
        }
    }
}

/// Writes log lines to a file; used only inside dispatch, in the store's domain.
private final class ActionLogWriter {
    private let handle: FileHandle?
    private let onError: @Sendable (any Error) -> Void
    private let timestamps = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    init(url: URL, onError: @escaping @Sendable (any Error) -> Void) {
        self.onError = onError
        do {
            try Data().write(to: url)
            handle = try FileHandle(forWritingTo: url)
        } catch {
            onError(error)
            handle = nil
        }
    }

    deinit {
        try? handle?.close()
    }

    func write(_ action: any Action, registry: ActionRegistry, unregistered: UnregisteredActions) {
        guard let handle else { return }
        do {
            let type: String
            let rest: Data
            if let (name, payload) = try registry.encode(action) {
                (type, rest) = (name, Data(",\"payload\":".utf8) + payload)
            } else if unregistered == .mark {
                (type, rest) = (action.type, Data(",\"unrecorded\":true".utf8))
            } else {
                return
            }
            let timestamp = try jsonString(Date().formatted(timestamps))
            let line =
                Data("{\"type\":".utf8) + (try jsonString(type)) + Data(",\"timestamp\":".utf8) + timestamp + rest
                + Data("}\n".utf8)
            try handle.write(contentsOf: line)
        } catch {
            onError(error)
        }
    }

    private func jsonString(_ string: String) throws -> Data {
        try encoder.encode(string)
    }
}

/// Why an action log could not be replayed: the line (counted from 1) and the reason.
public struct ActionLogError: Error, Equatable, CustomStringConvertible {
    /// What was wrong with the line.
    public enum Reason: Error, Equatable, Sendable {
        /// The line is not a JSON object with a `type` field.
        case notALogLine(String)
        /// No action type is registered under this name.
        case unknownType(String)
        /// The payload does not decode as the registered type.
        case undecodable(type: String, details: String)
        /// The line marks an action that was not recorded; replaying past it
        /// would not reproduce the original run.
        case unrecordedAction(type: String)
    }

    /// The line, counted from 1.
    public let line: Int
    /// What was wrong with it.
    public let reason: Reason

    /// Creates the error for `line` (counted from 1).
    ///
    /// - Parameters:
    ///   - line: The line, counted from 1.
    ///   - reason: What was wrong with it.
    public init(line: Int, reason: Reason) {
        self.line = line
        self.reason = reason
    }

    /// The error in one line: the line number and what was wrong with it.
    public var description: String {
        switch reason {
        case .notALogLine(let details): "line \(line): not an action log line (\(details))"
        case .unknownType(let name): "line \(line): no action type is registered as \"\(name)\""
        case .undecodable(let type, let details): "line \(line): cannot decode a \(type): \(details)"
        case .unrecordedAction(let type): "line \(line): a \(type) was not recorded, so the run cannot be replayed"
        }
    }
}

/// Replays an action log into `store`: decodes every line first, then
/// dispatches the actions in order. Replaying into a fresh store from the
/// state the recorded one started from gives the state it ended with.
///
/// A line that cannot be decoded stops the replay before anything is
/// dispatched, with an ``ActionLogError`` naming the line and the reason; no
/// line is ever skipped silently. Lines marking unrecorded actions stop it too,
/// unless `skippingUnrecorded` is set.
///
/// - Parameters:
///   - url: The log file.
///   - registry: The action types the log was written with.
///   - store: Where to dispatch the actions.
///   - skippingUnrecorded: Whether to pass over lines marking unrecorded actions.
/// - Returns: How many actions were dispatched.
/// - Throws: ``ActionLogError``, or the error reading the file.
@discardableResult
public func replayActionLog<State>(
    at url: URL,
    registry: ActionRegistry,
    into store: Store<State>,
    skippingUnrecorded: Bool = false
) throws -> Int {
    let contents = try Data(contentsOf: url)
    var actions: [any Action] = []
    for (offset, line) in contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
    where !line.isEmpty {
        let number = offset + 1
        let lineData = Data(line)
        let header: ActionLogHeader
        do {
            header = try JSONDecoder().decode(ActionLogHeader.self, from: lineData)
        } catch {
            throw ActionLogError(line: number, reason: .notALogLine(String(describing: error)))
        }
        if header.unrecorded == true {
            if skippingUnrecorded { continue }
            throw ActionLogError(line: number, reason: .unrecordedAction(type: header.type))
        }
        guard registry.isRegistered(header.type) else {
            throw ActionLogError(line: number, reason: .unknownType(header.type))
        }
        do {
            actions.append(try registry.decode(name: header.type, line: lineData))
        } catch {
            throw ActionLogError(
                line: number, reason: .undecodable(type: header.type, details: String(describing: error)))
        }
    }
    for action in actions {
        store.dispatch(action)
    }
    return actions.count
}

/// The fields of a log line read before its payload.
private struct ActionLogHeader: Decodable {
    let type: String
    let unrecorded: Bool?
}
