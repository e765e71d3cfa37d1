/// The effect a task runs for, so what that effect starts (async thunks it
/// dispatches, child tasks it forks) is cancelled with it.
///
/// Every task an ``EffectRunner`` starts runs with its own scope as the
/// task-local ``current``. A dispatch made from that task (through an effect
/// context, on the store's actor or under its shared store's lock) stays in
/// the same task, so a run started by that dispatch sees the scope and is
/// adopted by it: cancelling the effect cancels the run. A run that finishes
/// leaves its parent's scope, so a long-lived effect does not accumulate them.
final class EffectScope: Sendable {
    /// The scope of the effect the current task runs for; `nil` outside effects.
    @TaskLocal static var current: EffectScope?

    private struct Children {
        var cancels: [UInt64: @Sendable () -> Void] = [:]
        var nextKey: UInt64 = 0
        var cancelled = false
    }

    private let children = Locked(Children())
    /// The activity of the task this scope is the effect of (see
    /// ``EffectActivity``); `nil` for a scope no task runs in (a listener
    /// run's forks).
    let activity: EffectActivity?

    /// A scope, for the task `activity` follows if any.
    ///
    /// - Parameter activity: The activity of the task that runs in this scope.
    init(activity: EffectActivity? = nil) {
        self.activity = activity
    }

    /// Whether the effect was cancelled.
    var isCancelled: Bool { children.withLock { $0.cancelled } }

    /// Makes `cancel` run when this effect is cancelled (at once, if it
    /// already was).
    ///
    /// - Returns: A key for ``release(_:)``, or `nil` if `cancel` already ran.
    @discardableResult
    func adopt(_ cancel: @escaping @Sendable () -> Void) -> UInt64? {
        let key = children.withLock { children -> UInt64? in
            if children.cancelled { return nil }
            let key = children.nextKey
            children.nextKey &+= 1
            children.cancels[key] = cancel
            return key
        }
        if key == nil { cancel() }
        return key
    }

    /// Forgets a child that ended.
    func release(_ key: UInt64) {
        _ = children.withLock { $0.cancels.removeValue(forKey: key) }
    }

    /// Cancels every child, and every child adopted from now on.
    func cancelAll() {
        let cancels = children.withLock { children -> [@Sendable () -> Void] in
            children.cancelled = true
            defer { children.cancels = [:] }
            return children.cancels.sorted { $0.key < $1.key }.map(\.value)  // in the order adopted
        }
        for cancel in cancels { cancel() }
    }

    /// Cancels the children adopted so far, without marking the scope
    /// cancelled (a listener's forks, when its effect ends).
    func cancelChildren() {
        let cancels = children.withLock { children -> [@Sendable () -> Void] in
            defer { children.cancels = [:] }
            return children.cancels.sorted { $0.key < $1.key }.map(\.value)  // in the order adopted
        }
        for cancel in cancels { cancel() }
    }
}

/// A child task's place in a parent ``EffectScope``: the child is adopted once
/// its task exists, and released when it ends, in whichever order the two
/// happen (a quick child can end before it is adopted; it is then released at
/// once, so the parent never keeps a child that has ended).
final class EffectAdoption: Sendable {
    private enum Stage {
        case pending
        case adopted(UInt64)
        case ended
    }

    private let parent: EffectScope
    private let stage = Locked(Stage.pending)

    init(by parent: EffectScope) {
        self.parent = parent
    }

    /// Adopts the child, whose task `cancel` cancels; call once its task exists.
    func adopt(_ cancel: @escaping @Sendable () -> Void) {
        guard let key = parent.adopt(cancel) else { return }
        let ended = stage.withLock { stage -> Bool in
            if case .ended = stage { return true }
            stage = .adopted(key)
            return false
        }
        if ended { parent.release(key) }
    }

    /// Notes that the child ended; call at the end of its task.
    func childEnded() {
        let adopted = stage.withLock { stage -> UInt64? in
            defer { stage = .ended }
            if case .adopted(let key) = stage { return key }
            return nil
        }
        if let adopted { parent.release(adopted) }
    }
}
