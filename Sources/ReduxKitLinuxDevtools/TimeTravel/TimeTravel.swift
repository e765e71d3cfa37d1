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
/// change the state but are not recorded. One `TimeTravel` records one store,
/// and lives in that store's isolation domain (it is not `Sendable`).
public final class TimeTravel<State> {
    /// One recorded step: an action and the state after it.
    public struct Entry {
        /// The action's `type` (`"@@INIT"` for the state the store started from).
        public let actionType: String
        /// The state after the action.
        public let state: State
    }

    /// The most entries the history keeps.
    public let capacity: Int
    /// The recorded entries, oldest first.
    public private(set) var entries: [Entry] = []
    /// The index in ``entries`` of the store's present state.
    public private(set) var presentIndex = 0
    /// Whether actions are being recorded.
    public private(set) var isRecording = true
    private var initial: Entry?
    private weak var core: StoreCore<State>?
    private var attached = false

    /// Creates a time-travel recorder.
    ///
    /// - Parameter capacity: The most entries to keep (at least 2); the oldest go first.
    public init(capacity: Int = 100) {
        precondition(capacity >= 2, "TimeTravel needs a capacity of at least 2.")
        self.capacity = capacity
    }

    /// The enhancer to create the store with.
    ///
    /// It records every state the store's reducer produces, in order: those of
    /// nested dispatches (from subscribers and middleware) and of effects'
    /// results included, in whatever order it is composed with other enhancers
    /// (`applyMiddleware` inside or outside it).
    public var enhancer: StoreEnhancer<State> {
        { next in
            { reducer, state in
                let store = next(reducer, state)
                self.attach(to: store)
                return store
            }
        }
    }

    /// Whether there is an entry before the present.
    public var canUndo: Bool { presentIndex > 0 }
    /// Whether there is an entry after the present.
    public var canRedo: Bool { presentIndex + 1 < entries.count }

    /// Moves the store one entry back; does nothing at the oldest entry.
    public func undo() {
        jump(to: presentIndex - 1)
    }

    /// Moves the store one entry forward; does nothing at the newest entry.
    public func redo() {
        jump(to: presentIndex + 1)
    }

    /// Moves the store to the entry at `index` of ``entries``; does nothing for
    /// an index out of range.
    ///
    /// - Parameter index: The entry's index in ``entries``.
    public func jump(to index: Int) {
        guard let core, entries.indices.contains(index), index != presentIndex else { return }
        presentIndex = index
        core.jump(to: entries[index].state)
    }

    /// Stops recording: actions still change the state, but the history stays as it is.
    public func pause() {
        isRecording = false
    }

    /// Records again from the next action on.
    public func resume() {
        isRecording = true
    }

    /// Moves the store back to the state it was created with and clears the
    /// history down to that one entry.
    public func reset() {
        guard let core, let initial else { return }
        entries = [initial]
        presentIndex = 0
        core.jump(to: initial.state)
    }

    private func attach(to store: Store<State>) {
        guard let core = store.core else { Misuse.fail(Misuse.timeTravelNeedsARootStore) }
        if attached { Misuse.fail(Misuse.timeTravelRecordsOneStore) }
        attached = true
        self.core = core
        let initial = Entry(actionType: "@@INIT", state: store.getState())
        self.initial = initial
        entries = [initial]
        presentIndex = 0
        // The store keeps this recorder alive (it holds the store weakly: no cycle).
        core.observe(reduced: { action, state in self.record(action, state: state) }, jumped: { _ in })
    }

    private func record(_ action: any Action, state: State) {
        guard isRecording else { return }
        entries.removeSubrange((presentIndex + 1)...)
        entries.append(Entry(actionType: action.type, state: state))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        presentIndex = entries.count - 1
    }
}

extension TimeTravel.Entry: Sendable where State: Sendable {}
