import Foundation
import ReduxKitLinuxEffects
import Synchronization

/// The part of an action log that runs in the store's domain: it turns each
/// reduction and jump into an entry for the log's writer (``ActionLogSink``),
/// and reports at once what it cannot record.
///
/// It is held by the observer it installs in the store's core, and by the
/// ``ActionLog`` that made it; when both are gone, the writer writes what is
/// left and closes the file.
final class ActionLogRecorder: Sendable {
    /// The writer, or `nil` if the file could not be opened (the log then
    /// records nothing; the reason went to `onError`).
    let sink: ActionLogSink?
    /// The session's identifier, written in its header.
    let session: String
    private let registry: ActionRegistry
    private let unregistered: UnregisteredActions
    private let file: URL
    private let version: Int
    private let durability: ActionLogDurability
    private let onError: @Sendable (any Error) -> Void
    /// The entries recorded in this session so far. (Only the store's domain
    /// changes it, one reduction at a time; atomic so the compiler can see
    /// that no two threads race on it.)
    private let entries = Atomic<Int>(0)

    /// What a log is set to do, passed from ``ActionLog`` to its recorder.
    struct Settings: Sendable {
        let registry: ActionRegistry
        let file: URL
        let version: Int
        let unregistered: UnregisteredActions
        let rotation: ActionLogRotation?
        let durability: ActionLogDurability
        let recordsStateChanges: Bool
        let onError: @Sendable (any Error) -> Void
    }

    /// Locks and opens `file`, starts its writer, and records the session's
    /// header with `startingState` (its JSON, or `nil` if it has none).
    init(settings: Settings, startingState: Data?, recovered: ActionLogRecoveryNote?) {
        registry = settings.registry
        unregistered = settings.unregistered
        file = settings.file
        version = settings.version
        durability = settings.durability
        onError = settings.onError
        session = UUID().uuidString
        do {
            sink = ActionLogSink(
                file: try ActionLogFile.opening(file), registry: registry, rotation: settings.rotation,
                durability: durability, recordsStateChanges: settings.recordsStateChanges, onError: onError)
        } catch {
            sink = nil
            onError(ActionLogWriteError(file: file, reason: error))
        }
        sink?.append(
            ActionLogEntry(
                .header(
                    ActionLogHeaderLine(
                        session: session, version: version, entry: 0, continues: false, state: startingState,
                        recovered: recovered))))
        settle()
    }

    deinit {
        sink?.close()
    }

    /// The number of entries recorded so far in this session (what a saved
    /// state that includes them names, for crash recovery).
    var recordedEntries: Int {
        entries.load(ordering: .relaxed)
    }

    /// Records an action the reducer saw, which left `state`. An action of a
    /// type not in the registry is written as a marked line and, unless the
    /// log was told to expect such actions, reported now, in the dispatch
    /// that reduced it.
    func record<State>(
        _ action: any Action, state: borrowing State,
        capturing capture: (@Sendable (JSONEncoder) throws -> Data)? = nil
    ) {
        guard let sink else { return }
        let count = entries.add(1, ordering: .relaxed).newValue
        if let index = registry.codecIndex(of: action) {
            let effect = EffectOrigin.current
            if let capture {
                sink.append(
                    ActionLogEntry(
                        .actionWithState(ActionLogActionWithState(action: action, codec: index, state: capture)),
                        effect: effect))
            } else {
                sink.append(ActionLogEntry(.action(action, codec: index), effect: effect))
            }
        } else {
            let type = action.type
            sink.append(ActionLogEntry(.unrecorded(type: type)))
            if case .report = unregistered {
                onError(ActionLogWriteError(file: file, reason: .unregisteredAction(type: type)))
            }
        }
        // A load first: the exchange, a locked instruction, only once rotation is due.
        if sink.rotationWanted.load(ordering: .relaxed) && sink.rotationWanted.exchange(false, ordering: .relaxed) {
            sink.append(
                ActionLogEntry(
                    .header(
                        ActionLogHeaderLine(
                            session: session, version: version, entry: count, continues: true,
                            state: encodeQuietly(state), recovered: nil))))
        }
        settle()
    }

    /// Records a time-travel jump to `state`: its JSON when the state is
    /// `Encodable` (encoded here, in the store's domain, since the state need
    /// not be `Sendable`); otherwise a marked line and an error, now.
    func recordJump<State>(to state: State) {
        guard let sink else { return }
        entries.add(1, ordering: .relaxed)
        guard let encodable = state as? any Encodable else {
            sink.append(ActionLogEntry(.unrecordedJump))
            onError(
                ActionLogWriteError(file: file, reason: .unencodableState(details: "\(State.self) is not Encodable")))
            settle()
            return
        }
        do {
            sink.append(ActionLogEntry(.jump(state: try DevtoolsJSON.encode(encodable))))
        } catch {
            sink.append(ActionLogEntry(.unrecordedJump))
            onError(ActionLogWriteError(file: file, reason: .unencodableState(details: String(describing: error))))
        }
        settle()
    }

    /// Makes what was just recorded as durable as the log was asked to
    /// before the dispatch returns.
    private func settle() {
        switch durability {
        case .buffered, .synced: return
        case .eachAction: sink?.drain()
        case .syncedEachAction: sink?.drain(sync: true)
        }
    }

    /// `state`'s JSON, or `nil` if it is not `Encodable` or fails to encode
    /// (a header then says its state is unrecorded).
    private func encodeQuietly<State>(_ state: borrowing State) -> Data? {
        guard let encodable = copy state as? any Encodable else { return nil }
        return try? DevtoolsJSON.encode(encodable)
    }

    /// The JSON of a starting state, reporting a state that cannot be encoded.
    static func startingState<State>(_ state: State, file: URL, onError: (any Error) -> Void) -> Data? {
        guard let encodable = state as? any Encodable else { return nil }
        do {
            return try DevtoolsJSON.encode(encodable)
        } catch {
            onError(ActionLogWriteError(file: file, reason: .unencodableState(details: String(describing: error))))
            return nil
        }
    }
}
