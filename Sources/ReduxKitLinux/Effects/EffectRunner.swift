/// The effects one store's middleware started, cancelled together when the
/// middleware chain is freed with its store.
///
/// The runner lives in the middleware's closures, which the store owns; its
/// tasks hold nothing but a ``WeakStore``, so a running effect never keeps the
/// store alive, and freeing the store cancels every effect still running.
final class EffectRunner: Sendable {
    private struct Running {
        var cancels: [UInt64: @Sendable () -> Void] = [:]
        var nextKey: UInt64 = 0
    }

    private let running = Locked(Running())

    deinit {
        for cancel in running.withLock({ $0.cancels.values }) {
            cancel()
        }
    }

    /// Starts `operation` in a task of its own; the task is cancelled if the
    /// runner goes first.
    func run<Success: Sendable>(_ operation: @escaping @Sendable () async -> Success) -> Task<Success, Never> {
        running.withLock { running in
            let key = running.nextKey
            running.nextKey &+= 1
            // Registered under the lock before the task can finish (its
            // completion takes the same lock to unregister).
            let task = Task { [weak self] in
                let result = await operation()
                self?.finished(key)
                return result
            }
            running.cancels[key] = { task.cancel() }
            return task
        }
    }

    private func finished(_ key: UInt64) {
        _ = running.withLock { $0.cancels.removeValue(forKey: key) }
    }
}
