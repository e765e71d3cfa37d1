/// Time travel: records each action with the state after it, in a bounded
/// history, and moves the store back and forth through it.
///
/// ```swift
/// let timeTravel = TimeTravel<AppState>(capacity: 50)
/// let store = createStore(appReducer, nil, timeTravel.enhancer)
/// store.dispatch(AddTodo(title: "Milk"))
/// timeTravel.undo()   // subscribers receive the state before AddTodo
/// timeTravel.redo()
/// if timeTravel.canUndo { timeTravel.undo() }
/// let label = timeTravel.undo() ? "undone" : "nothing to undo"
/// ```
///
/// The history starts with the state the store was created with. It keeps at
/// most `capacity` entries, dropping the oldest first, so memory stays bounded.
/// Undo, redo and `jump(to:)` set the store's state to a recorded one and
/// notify subscribers, as a dispatch would; a new dispatch after an undo drops
/// the entries after the present (the redo branch). While paused, actions still
/// change the state but are not recorded. One `TimeTravel` records one store,
/// and lives in that store's isolation domain (it is not `Sendable`).
///
/// What it has:
///
/// - ``entries`` (`[Entry]`): the history, oldest first; each ``Entry`` has
///   the action's `actionType` and the `state` after it. The first entry is
///   `"@@INIT"`, the state the store was created with, until the capacity
///   drops it.
/// - ``presentIndex`` (`Int`): the index in ``entries`` of the store's
///   present state (the last entry, unless you undid or jumped).
/// - ``canUndo`` and ``canRedo`` (`Bool`): whether there is an entry before,
///   or after, the present.
/// - ``undo()``, ``redo()`` and ``jump(to:)`` return a `Bool`, `true` when
///   they moved the store, `false` when there was nowhere to go (the oldest
///   or newest entry, an index out of range or the present one, a store
///   already freed). The result may be ignored.
/// - ``reset()`` returns nothing: it moves the store to the state it was
///   created with and leaves that one entry.
/// - ``pause()``, ``resume()`` and ``isRecording`` (`Bool`): stop and start
///   recording.
/// - ``capacity`` (`Int`): the most entries kept.
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
        guard capacity >= 2 else { Misuse.fail(DevtoolsMisuse.timeTravelCapacity) }
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
    ///
    /// `if timeTravel.canUndo { timeTravel.undo() }` and
    /// `timeTravel.undo() ? … : …` both work.
    ///
    /// - Returns: `true` if the store moved back, `false` if there was no
    ///   entry before the present (``canUndo`` was `false`) or the store is gone.
    @discardableResult
    public func undo() -> Bool {
        jump(to: presentIndex - 1)
    }

    /// Moves the store one entry forward; does nothing at the newest entry.
    ///
    /// - Returns: `true` if the store moved forward, `false` if there was no
    ///   entry after the present (``canRedo`` was `false`) or the store is gone.
    @discardableResult
    public func redo() -> Bool {
        jump(to: presentIndex + 1)
    }

    /// Moves the store to the entry at `index` of ``entries``; does nothing for
    /// an index out of range or the present one.
    ///
    /// - Parameter index: The entry's index in ``entries``.
    /// - Returns: `true` if the store moved (``presentIndex`` is now `index`),
    ///   `false` if `index` is out of range, is already the present, or the
    ///   store is gone.
    @discardableResult
    public func jump(to index: Int) -> Bool {
        guard let core, entries.indices.contains(index), index != presentIndex else { return false }
        presentIndex = index
        core.jump(to: entries[index].state)
        return true
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
    /// history down to that one entry (``presentIndex`` becomes 0). Returns
    /// nothing; subscribers are notified as for a jump.
    public func reset() {
        guard let core, let initial else { return }
        entries = [initial]
        presentIndex = 0
        core.jump(to: initial.state)
    }

    private func attach(to store: Store<State>) {
        guard let core = store.core else { Misuse.fail(DevtoolsMisuse.timeTravelNeedsARootStore) }
        if attached { Misuse.fail(DevtoolsMisuse.timeTravelRecordsOneStore) }
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
