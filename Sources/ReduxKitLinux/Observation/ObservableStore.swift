import Observation

/// A store seen through Observation, field by field, on the main actor: what a
/// SwiftUI view, or a UIKit/AppKit view model using `withObservationTracking`,
/// reads its state from and sends its actions to.
///
/// ```swift
/// @MainActor func showCount(store: Store<AppState>) {
///     let model = ObservableStore(store)
///     withObservationTracking {
///         print(model.count)  // tracks `count`, and nothing else
///     } onChange: {
///         print("count changed")
///     }
///     model.dispatch(Rename(name: "B"))  // the reader hears nothing
///     model.dispatch(Increment())  // prints "count changed", once
/// }
/// ```
///
/// Reading a field registers that key path of the state, and only that one:
/// `model.count` (dynamic member lookup) registers `\.count`;
/// `model[\.user.name]` registers `\.user.name`, where `model.user.name`
/// would register all of `\.user` (the value returned is a plain `User`, which
/// cannot tell the model what is read from it); `model[\.todos, 3, \.done]`
/// one field of one element of an array, and `model[\.todos.count]` the count.
/// ``state`` registers the whole state. The app's state needs no macro,
/// protocol or base class.
///
/// When a new state arrives, the model compares, once per distinct key path
/// read, the old and new values: with `==` for an `Equatable` value, so a
/// reader is told of a change only when its value really differs; a value that
/// is not `Equatable` counts as changed whenever its bytes in the state differ
/// (for a field stored inline in the state) or whenever a new state arrives
/// (for one reached through a collection, an optional, a class or a computed
/// property). A reader is told once per change (Observation's `onChange` is
/// called at most once per tracking). Fields stored inline in the state, and
/// array elements read by index, are skipped unless their bytes changed, so
/// the cost of a new state follows the fields it changed, not the number read;
/// other key paths (`model[\.todos[3]]`) are compared on every new state. State held in a class and changed
/// in place is not seen: keep state in values, as Redux does.
///
/// The model holds its store (so the store lives as long as it does); the
/// store holds the model only weakly, through its subscriber. Freeing the
/// model ends the subscription. Made from a main-actor ``Store``, the model is
/// up to date as soon as each dispatch returns. Made from a ``SharedStore``,
/// it receives states on the main actor, coalesced (newest first, never an
/// older one, always the last); its own ``dispatch(_:)->Action`` shows the result at
/// once.
///
/// For part of a state, make the model from a scoped store
/// (`ObservableStore(store.view(value: { $0.settings }))`): it then hears only
/// of changes to that part.
@MainActor
@dynamicMemberLookup
public final class ObservableStore<State>: Observable, @MainActor DispatchingStore {
    private let registrar = ObservationRegistrar()
    /// The state the readers see, and a slot for the next one.
    private let slots: StateSlots<State>
    private var fields = TrackedFields<State>()
    private var nextFieldID = 0
    /// Sends an action to the store; for a shared store, also returns the state
    /// it left, numbered, to show at once.
    private let sendToStore: (any Action) -> (result: any Action, state: (number: UInt64, value: State)?)
    private var subscription: (any ReduxDisposable)?
    /// The number of the newest state shown (for a shared store's deliveries).
    private var shownNumber: UInt64 = 0
    /// A new state that arrived while another was being applied (a reader's
    /// `onChange` dispatched): applied next, so states never go backwards.
    private var waitingState: State?
    private var isApplying = false
    /// How many new states the model has applied (for tests).
    private(set) var statesApplied = 0
    /// How many distinct key paths are tracked (for tests).
    var trackedFieldCount: Int { fields.count }

    /// Makes an observable view of a store that lives on the main actor.
    ///
    /// - Parameter store: The store; the model keeps it alive.
    public init(_ store: Store<State>) {
        slots = StateSlots(store.getState())
        sendToStore = { (store.dispatch($0), nil) }
        subscription = store.subscribe { @MainActor [weak self] state in self?.apply(state) }
    }

    /// Makes an observable view of a shared store, kept up to date on the main
    /// actor whichever thread dispatches.
    ///
    /// - Parameter store: The shared store; the model keeps it alive.
    public init(_ store: SharedStore<State>) where State: Sendable {
        slots = StateSlots(store.getState())
        let counter = DeliveryCounter()
        sendToStore = { action in
            let (result, numbered) = store.dispatchReading(action, counter: counter)
            return (result, (numbered.number, numbered.state))
        }
        // Read again with the subscription, under the lock: the state above is
        // only a placeholder until then.
        let (state, subscription) = store.readAndSubscribe(
            counter: counter,
            isolated: { @MainActor [weak self] numbered in self?.receive(numbered.state, number: numbered.number) })
        slots.current.pointee = state
        self.subscription = subscription
    }

    isolated deinit {
        subscription?.dispose()
    }

    /// The whole state. Reading it registers every field: any change to the
    /// state (by `==` when the state is `Equatable`) tells the reader.
    public var state: State {
        track(\State.self) { _ in
            { old, new in
                !Self.areEqual(
                    old.assumingMemoryBound(to: State.self).pointee, new.assumingMemoryBound(to: State.self).pointee)
            }
        }
        return slots.current.pointee
    }

    /// The value of one field; reading it registers that field only. Used
    /// through dynamic member lookup: `model.count`.
    ///
    /// - Parameter keyPath: The field, from the state.
    /// - Returns: Its current value.
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        self[keyPath]
    }

    /// The value of a field that is not `Equatable`; its readers are told of
    /// every new state in which it may have changed (see ``ObservableStore``).
    ///
    /// - Parameter keyPath: The field, from the state.
    /// - Returns: Its current value.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        self[keyPath]
    }

    /// The value at any key path of the state, nested or through a collection;
    /// reading it registers exactly that key path: `model[\.user.name]`,
    /// `model[\.todos[3].done]`, `model[\.todos.count]`.
    ///
    /// A reader is told when the value changes, but for a path through an
    /// array's index subscript or a force unwrap (`\.todos[3].done`): a new
    /// state could make it trap (row 3 removed), so it is never applied to
    /// one, and its readers are told of every change to the state. Read an
    /// array's rows with `model[\.todos, 3]`, which is told only when that row
    /// changes, and is safe when rows go.
    ///
    /// - Parameter keyPath: The key path, from the state.
    /// - Returns: Its current value.
    public subscript<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
        let field = track(keyPath) { offset in
            if let offset {
                return { old, new in
                    (old + offset).assumingMemoryBound(to: Value.self).pointee
                        != (new + offset).assumingMemoryBound(to: Value.self).pointee
                }
            }
            // A path a new state can make trap (`\.todos[3]` once row 3 is
            // gone) is never applied to one: its readers are told of every change.
            guard KeyPathSafety.cannotTrap(keyPath) else { return { _, _ in true } }
            return { old, new in
                old.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath]
                    != new.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath]
            }
        }
        return read(keyPath, of: field)
    }

    /// The value at any key path of the state, when it is not `Equatable`.
    ///
    /// - Parameter keyPath: The key path, from the state.
    /// - Returns: Its current value.
    public subscript<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
        let field = track(keyPath) { _ in { _, _ in true } }
        return read(keyPath, of: field)
    }

    /// Dispatches an action to the store, from the main actor.
    ///
    /// When it returns, the model shows the state the action left (for a
    /// shared store too), and the readers of the fields it changed have been told.
    ///
    /// - Parameter action: The action.
    /// - Returns: The action, or whatever the store's middleware returned.
    @discardableResult
    @_disfavoredOverload  // the typed overloads of `DispatchingStore` win for their actions
    public func dispatch(_ action: any Action) -> any Action {
        let (result, state) = sendToStore(action)
        if let state { receive(state.value, number: state.number) }
        return result
    }

    /// The key the registrar knows a tracked field by: a key path of the model
    /// with the field's number as its argument.
    nonisolated subscript(trackedField number: Int) -> Int {
        number
    }

    /// Registers a read of `keyPath` with the registrar, tracking the field
    /// the first time it is read, with the comparison `differs` makes (given
    /// the field's offset in the state, if it is stored inline).
    @discardableResult
    private func track<Value>(
        _ keyPath: KeyPath<State, Value>, differs: (Int?) -> TrackedField<State>.Differs
    ) -> TrackedField<State> {
        let field = fields.field(for: keyPath) {
            let number = nextFieldID
            nextFieldID += 1
            let offset = MemoryLayout<State>.offset(of: keyPath)
            return TrackedField(
                keyPath: keyPath, registrarKey: \.[trackedField: number], differs: differs(offset),
                bytes: offset.map { $0..<($0 + MemoryLayout<Value>.size) })
        }
        field.readSinceChange = true
        registrar.access(self, keyPath: field.registrarKey)
        return field
    }

    /// Registers a read of one element of an array (see `ObservableStoreElements.swift`).
    func trackElement(
        _ key: ElementKey, makeArray: () -> TrackedArray<State>, differs: @escaping TrackedField<State>.Differs
    ) -> TrackedField<State> {
        let field = fields.element(key, makeArray: makeArray) {
            let number = nextFieldID
            nextFieldID += 1
            return TrackedField(
                keyPath: key.array, registrarKey: \.[trackedField: number], differs: differs, bytes: nil, element: key)
        }
        field.readSinceChange = true
        registrar.access(self, keyPath: field.registrarKey)
        return field
    }

    /// Registers a read of a value computed from the whole state (a memoized
    /// selector's), known by `key`: compared on every new state with `differs`.
    func trackComputed(_ key: AnyKeyPath, differs: @escaping TrackedField<State>.Differs) {
        let field = fields.field(for: key) {
            defer { nextFieldID += 1 }
            return TrackedField(keyPath: key, registrarKey: \.[trackedField: nextFieldID], differs: differs, bytes: nil)
        }
        field.readSinceChange = true
        registrar.access(self, keyPath: field.registrarKey)
    }

    /// The state the readers see, in place.
    var currentState: State {
        _read { yield slots.current.pointee }
    }

    /// The current value at `keyPath`: for a field stored inline, read at its
    /// offset, in place (applying a key path to a generic state copies it).
    private func read<Value>(_ keyPath: KeyPath<State, Value>, of field: TrackedField<State>) -> Value {
        guard let bytes = field.bytes else { return slots.current.pointee[keyPath: keyPath] }
        return (UnsafeRawPointer(slots.current) + bytes.lowerBound).assumingMemoryBound(to: Value.self).pointee
    }

    /// Shows a shared store's state, unless a newer one is already shown.
    func receive(_ state: State, number: UInt64) {
        guard number > shownNumber else { return }
        shownNumber = number
        apply(state)
    }

    /// Shows `state`, telling the readers of each field it changed: `willSet`
    /// for all of them, then the new state, then `didSet`.
    private func apply(_ state: State) {
        if isApplying {
            waitingState = state
            return
        }
        isApplying = true
        defer { isApplying = false }
        show(state)
        while let next = waitingState {
            waitingState = nil
            show(next)
        }
    }

    private func show(_ state: State) {
        statesApplied += 1
        slots.spare.pointee = state
        let changed = fields.changedFields(from: slots.current, to: slots.spare)
        for field in changed { registrar.willSet(self, keyPath: field.registrarKey) }
        slots.flip()
        for field in changed { registrar.didSet(self, keyPath: field.registrarKey) }
    }

    /// Whether two states are equal, when the state is `Equatable`; `false` otherwise.
    private static func areEqual(_ lhs: State, _ rhs: State) -> Bool {
        guard let lhs = lhs as? any Equatable else { return false }
        return lhs.isEqual(to: rhs)
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}
