import Foundation

/// The action logs being written in this process: drained when the process
/// exits normally (an `atexit` hook, installed with the first log), and before
/// a replay reads a file one of them writes.
enum ActionLogSinks {
    private struct WeakSink: Sendable {
        weak var sink: ActionLogSink?
    }

    private static let live = Locked<[ObjectIdentifier: WeakSink]>([:])
    private static let exitHook: Void = {
        _ = atexit { ActionLogSinks.drainAll() }
    }()

    static func register(_ sink: ActionLogSink) {
        _ = exitHook
        live.withLock { $0[ObjectIdentifier(sink)] = WeakSink(sink: sink) }
    }

    static func unregister(_ sink: ActionLogSink) {
        live.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(sink)) }
    }

    private static func sinks() -> [ActionLogSink] {
        live.withLock { $0.values.compactMap(\.sink) }
    }

    /// Whether a log in this process is writing the file at `url`.
    static func isWriting(_ url: URL) -> Bool {
        guard let identity = ActionLogFile.Identity(ofLogAt: url) else { return false }
        return sinks().contains { $0.identity == identity }
    }

    /// Drains every log: what the process's normal exit runs.
    static func drainAll() {
        for sink in sinks() { sink.drain() }
    }

    /// Drains the logs writing the file at `url`, so that a replay reads
    /// everything recorded so far.
    static func drainWriters(of url: URL) {
        guard let identity = ActionLogFile.Identity(ofLogAt: url) else { return }
        for sink in sinks() where sink.identity == identity { sink.drain() }
    }
}
