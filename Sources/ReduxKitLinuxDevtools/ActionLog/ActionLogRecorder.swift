import Foundation

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
    private let registry: ActionRegistry
    private let unregistered: UnregisteredActions
    private let file: URL
    private let onError: @Sendable (any Error) -> Void

    /// Opens, locks and empties `file`, and starts its writer.
    init(
        registry: ActionRegistry, file: URL, unregistered: UnregisteredActions,
        onError: @escaping @Sendable (any Error) -> Void
    ) {
        self.registry = registry
        self.unregistered = unregistered
        self.file = file
        self.onError = onError
        do {
            sink = ActionLogSink(
                file: try ActionLogFile.opening(file), url: file, registry: registry, onError: onError)
        } catch {
            sink = nil
            onError(ActionLogWriteError(file: file, reason: error))
        }
    }

    deinit {
        sink?.close()
    }

    /// Records an action the reducer saw. An action of a type not in the
    /// registry is written as a marked line and, unless the log was told to
    /// expect such actions, reported now, in the dispatch that reduced it.
    func record(_ action: any Action) {
        guard let sink else { return }
        if let index = registry.codecIndex(of: action) {
            sink.append(ActionLogEntry(.action(action, codec: index)))
            return
        }
        let type = action.type
        sink.append(ActionLogEntry(.unrecorded(type: type)))
        if case .report = unregistered {
            onError(ActionLogWriteError(file: file, reason: .unregisteredAction(type: type)))
        }
    }

    /// Records a time-travel jump to `state`: its JSON when the state is
    /// `Encodable` (encoded here, in the store's domain, since the state need
    /// not be `Sendable`); otherwise a marked line and an error, now.
    func recordJump<State>(to state: State) {
        guard let sink else { return }
        guard let encodable = state as? any Encodable else {
            sink.append(ActionLogEntry(.unrecordedJump))
            onError(
                ActionLogWriteError(file: file, reason: .unencodableState(details: "\(State.self) is not Encodable")))
            return
        }
        do {
            sink.append(ActionLogEntry(.jump(state: try DevtoolsJSON.encode(encodable))))
        } catch {
            sink.append(ActionLogEntry(.unrecordedJump))
            onError(ActionLogWriteError(file: file, reason: .unencodableState(details: String(describing: error))))
        }
    }
}
