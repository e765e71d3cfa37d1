import ReduxKitLinux

/// Gathers the tasks of the effects one dispatch starts, for a handle on them
/// (the testing product's `TestStoreTask`): the caller binds ``current``
/// around its dispatch and closes the collector when the dispatch returns.
///
/// Only the dispatch's own effects are gathered: a task started from inside
/// another effect (a fork, an async thunk an effect dispatched) belongs to
/// that effect's scope and is cancelled with it, and one started after the
/// collector closed (by an effect that inherited ``current``) is left out.
package final class EffectCollector: Sendable {
    /// One gathered task, type-erased.
    package struct Entry: Sendable {
        /// Cancels the task.
        package let cancel: @Sendable () -> Void
        /// Returns when the task has ended.
        package let ended: @Sendable () async -> Void
    }

    private struct Gathered {
        var entries: [Entry] = []
        var isOpen = true
    }

    private let gathered = Locked(Gathered())

    /// The collector of the dispatch running now, if its caller bound one.
    @TaskLocal package static var current: EffectCollector?

    /// An open collector.
    package init() {}

    /// The tasks gathered so far.
    package var entries: [Entry] { gathered.withLock { $0.entries } }

    /// Gathers `task` while the collector is open.
    func collect<Success: Sendable>(_ task: Task<Success, Never>) {
        let entry = Entry(cancel: { task.cancel() }, ended: { _ = await task.value })
        gathered.withLock { if $0.isOpen { $0.entries.append(entry) } }
    }

    /// Gathers nothing more.
    package func close() {
        gathered.withLock { $0.isOpen = false }
    }
}
