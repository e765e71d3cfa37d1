/// The effects one store's middleware started, cancelled together when the
/// middleware chain is freed with its store.
///
/// The runner lives in the middleware's closures, which the store owns; its
/// tasks hold nothing but a ``/ReduxKitLinux/WeakStore``, so a running effect never keeps the
/// store alive, and freeing the store cancels every effect still running.
///
/// Each task runs in an ``EffectScope`` of its own; a task started from inside
/// another effect's task (an async thunk an effect dispatched, a listener's
/// fork) is adopted by that effect's scope and cancelled with it. Running
/// tasks are counted by the chain's ``EffectTracker``, if it has one.
final class EffectRunner: Sendable {
    private struct Running {
        var cancels: [UInt64: @Sendable () -> Void] = [:]
        var nextKey: UInt64 = 0
    }

    private let running = Locked(Running())
    private let tracker: EffectTracker?

    /// - Parameter tracker: Counts the running tasks (the chain's, from its route).
    init(tracker: EffectTracker? = nil) {
        self.tracker = tracker
    }

    deinit {
        for cancel in running.withLock({ $0.cancels.values }) {
            cancel()
        }
    }

    /// Starts `operation` in a task of its own; the task is cancelled if the
    /// runner goes first, or if the effect whose task calls this is cancelled.
    ///
    /// - Parameter scope: The new task's own scope (a fresh one by default).
    func run<Success: Sendable>(
        scope: EffectScope = EffectScope(), _ operation: @escaping @Sendable () async -> Success
    ) -> Task<Success, Never> {
        let adoption = EffectScope.current.map(EffectAdoption.init(by:))
        tracker?.begin()
        let task = running.withLock { running in
            let key = running.nextKey
            running.nextKey &+= 1
            // Registered under the lock before the task can finish (its
            // completion takes the same lock to unregister).
            let task = Task { [weak self, tracker] in
                let result = await EffectScope.$current.withValue(scope) {
                    await withTaskCancellationHandler {
                        await operation()
                    } onCancel: {
                        scope.cancelAll()
                    }
                }
                self?.finished(key)
                adoption?.childEnded()
                tracker?.end()
                return result
            }
            running.cancels[key] = { task.cancel() }
            return task
        }
        adoption?.adopt { task.cancel() }
        return task
    }

    private func finished(_ key: UInt64) {
        _ = running.withLock { $0.cancels.removeValue(forKey: key) }
    }
}
