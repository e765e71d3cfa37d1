/// Time travel: records each action with the state after it, in a bounded
/// history, and moves the store back and forth through it.
///
/// ```swift
/// let timeTravel = TimeTravel<AppState>(capacity: 50)
/// let store = createStore(appReducer, nil, timeTravel.enhancer)
/// store.dispatch(AddTodo(title: "Milk"))
/// timeTravel.undo()   // subscribers receive the state before AddTodo
/// timeTravel.redo()
/// ```
///
/// The history starts with the state the store was created with. It keeps at
/// most `capacity` entries, dropping the oldest first, so memory stays bounded.
/// Undo, redo and `jump(to:)` set the store's state to a recorded one and
/// notify subscribers, as a dispatch would; a new dispatch after an undo drops
/// the entries after the present (the redo branch). While paused, actions still
/// change the state but are not recorded. Every method is safe from any thread.
/// One `TimeTravel` records one store.
public final class TimeTravel<State: Sendable>: Sendable {
    /// One recorded step: an action and the state after it.
    public struct Entry: Sendable {
        /// The action's `type` (`"@@INIT"` for the state the store started from).
        public let actionType: String
        /// The state after the action.
        public let state: State
    }

    private struct History {
        var entries: [Entry] = []
        var present = 0
        var isRecording = true
        var initial: Entry?
        weak var core: StoreCore<State>?
        var attached = false
    }

    /// The most entries the history keeps.
    public let capacity: Int
    private let history: Locked<History>

    /// Creates a time-travel recorder.
    ///
    /// - Parameter capacity: The most entries to keep (at least 2); the oldest go first.
    public init(capacity: Int = 100) {
        precondition(capacity >= 2, "TimeTravel needs a capacity of at least 2.")
        self.capacity = capacity
        self.history = Locked(History())
    }

    /// The enhancer to create the store with.
    public var enhancer: StoreEnhancer<State> {
        { next in
            { reducer, state in
                let store = next(reducer, state)
                self.attach(to: store)
                return Store(store) { action in
                    let result = store.dispatch(action)
                    self.record(action, state: store.getState())
                    return result
                }
            }
        }
    }

    /// The recorded entries, oldest first.
    public var entries: [Entry] { history.withLock { $0.entries } }
    /// The index in ``entries`` of the store's present state.
    public var presentIndex: Int { history.withLock { $0.present } }
    /// Whether there is an entry before the present.
    public var canUndo: Bool { history.withLock { $0.present > 0 } }
    /// Whether there is an entry after the present.
    public var canRedo: Bool { history.withLock { $0.present + 1 < $0.entries.count } }
    /// Whether actions are being recorded.
    public var isRecording: Bool { history.withLock { $0.isRecording } }

    /// Moves the store one entry back; does nothing at the oldest entry.
    public func undo() {
        move { $0.present - 1 }
    }

    /// Moves the store one entry forward; does nothing at the newest entry.
    public func redo() {
        move { $0.present + 1 }
    }

    /// Moves the store to the entry at `index` of ``entries``; does nothing for
    /// an index out of range.
    ///
    /// - Parameter index: The entry's index in ``entries``.
    public func jump(to index: Int) {
        move { _ in index }
    }

    /// Stops recording: actions still change the state, but the history stays as it is.
    public func pause() {
        history.withLock { $0.isRecording = false }
    }

    /// Records again from the next action on.
    public func resume() {
        history.withLock { $0.isRecording = true }
    }

    /// Moves the store back to the state it was created with and clears the
    /// history down to that one entry.
    public func reset() {
        guard let core = history.withLock({ $0.core }) else { return }
        core.jump {
            history.withLock { history in
                guard let initial = history.initial else { return nil }
                history.entries = [initial]
                history.present = 0
                return initial.state
            }
        }
    }

    private func attach(to store: Store<State>) {
        guard let core = store.core else { Misuse.fail(Misuse.timeTravelNeedsARootStore) }
        let state = store.getState()
        history.withLock { history in
            if history.attached { Misuse.fail(Misuse.timeTravelRecordsOneStore) }
            history.attached = true
            history.core = core
            let initial = Entry(actionType: "@@INIT", state: state)
            history.initial = initial
            history.entries = [initial]
            history.present = 0
        }
    }

    private func record(_ action: any Action, state: State) {
        history.withLock { history in
            guard history.isRecording else { return }
            history.entries.removeSubrange((history.present + 1)...)
            history.entries.append(Entry(actionType: action.type, state: state))
            if history.entries.count > capacity { history.entries.removeFirst(history.entries.count - capacity) }
            history.present = history.entries.count - 1
        }
    }

    /// Moves the present to the index `target` chooses and sets the store's
    /// state to that entry's, under the store's lock so no dispatch slips between.
    private func move(_ target: @escaping (History) -> Int) {
        guard let core = history.withLock({ $0.core }) else { return }
        core.jump {
            history.withLock { history in
                let index = target(history)
                guard history.entries.indices.contains(index), index != history.present else { return nil }
                history.present = index
                return history.entries[index].state
            }
        }
    }
}
