import ReduxKitLinux

/// Workload 17: the ReduxKit-shaped value reducer, `var state = state ??
/// default; …; return state`, appending to a large array in the state, in
/// each spelling an app writes it, against the in-place floor (the same
/// append through an `inout` reducer called in a loop). The target: at most
/// 2x the floor at 10⁵ elements, and flat from 10³ to 10⁶ (the cost of a
/// dispatch must not follow the state's size).
enum ValueReducerWorkloads {
    typealias Append = LargeStateWorkloads.Append
    typealias ListState = LargeStateWorkloads.ListState

    /// How the reducer is written.
    enum Spelling: CaseIterable {
        /// `createStore({ state, action in … }, …)`, its types inferred.
        case inferredClosure
        /// `createStore({ (state: ListState?, action: any Action) -> ListState in … }, …)`.
        case explicitClosure
        /// `createStore(appendReducer, …)`, a `func` with a plain `State?` parameter.
        case funcReference
        /// The same `func`, its parameter declared `consuming State?`.
        case consumingFuncReference
        /// The gist's `let applicationReducer = { (state: ListState?, action: any Action) -> ListState in … }`.
        case storedClosure
        /// `let applicationReducer: Reducer<ListState> = { state, action in … }`.
        case storedTypedClosure
        /// `combineReducers(a, b)` of two value reducers.
        case combined
        /// A value reducer of the field, pulled back to the parent.
        case pulledBack
        /// The reducer given to `replaceReducer`.
        case replaced

        var label: String {
            switch self {
            case .inferredClosure: "closure literal, types inferred"
            case .explicitClosure: "closure literal, parameter types written"
            case .funcReference: "func reference (State? parameter)"
            case .consumingFuncReference: "func reference (consuming State? parameter)"
            case .storedClosure: "closure stored in a let, as the gist writes it"
            case .storedTypedClosure: "closure stored in a let of type Reducer<State>"
            case .combined: "combineReducers of two"
            case .pulledBack: "pullback of a field's reducer"
            case .replaced: "after replaceReducer"
            }
        }
    }

    static func appendReducer(_ state: ListState?, _ action: any Action) -> ListState {
        var state = state ?? ListState(items: [])
        if let append = action as? Append { state.items.append(append.value) }
        return state
    }

    static func consumingAppendReducer(_ state: consuming ListState?, _ action: any Action) -> ListState {
        var state = state ?? ListState(items: [])
        if let append = action as? Append { state.items.append(append.value) }
        return state
    }

    /// The gist's spelling: a closure with its parameter types written, in a `let`.
    static func gistReducer() -> (ListState?, any Action) -> ListState {
        let applicationReducer = { (state: ListState?, action: any Action) -> ListState in
            var state = state ?? ListState(items: [])
            if let append = action as? Append { state.items.append(append.value) }
            return state
        }
        return applicationReducer
    }

    /// A closure in a `let` of type `Reducer<ListState>`.
    static func typedReducer() -> Reducer<ListState> {
        let applicationReducer: Reducer<ListState> = { state, action in
            var state = state ?? ListState(items: [])
            if let append = action as? Append { state.items.append(append.value) }
            return state
        }
        return applicationReducer
    }

    /// A store of `initial` whose reducer is written as `spelling` says.
    static func makeStore(_ spelling: Spelling, _ initial: ListState) -> Store<ListState> {
        switch spelling {
        case .inferredClosure:
            return createStore(
                { state, action in
                    var state = state ?? ListState(items: [])
                    if let append = action as? Append { state.items.append(append.value) }
                    return state
                }, initial)
        case .explicitClosure:
            return createStore(
                { (state: ListState?, action: any Action) -> ListState in
                    var state = state ?? ListState(items: [])
                    if let append = action as? Append { state.items.append(append.value) }
                    return state
                }, initial)
        case .funcReference:
            return createStore(appendReducer, initial)
        case .consumingFuncReference:
            return createStore(consumingAppendReducer, initial)
        case .storedClosure:
            return createStore(gistReducer(), initial)
        case .storedTypedClosure:
            return createStore(typedReducer(), initial)
        case .combined:
            return createStore(combineReducers(typedReducer(), { state, _ in state ?? ListState(items: []) }), initial)
        case .pulledBack:
            let items: Reducer<[Int]> = { items, action in
                var items = items ?? []
                if let append = action as? Append { items.append(append.value) }
                return items
            }
            return createStore(pullback(items, state: \ListState.items), initial)
        case .replaced:
            let store = createStore({ (state: inout ListState, _: any Action) in }, initial)
            store.replaceReducer(typedReducer())
            return store
        }
    }

    /// Whether the spelling keeps the state in place (the others only borrow
    /// their state, so their first change copies it).
    static func staysInPlace(_ spelling: Spelling) -> Bool {
        switch spelling {
        case .explicitClosure, .funcReference, .storedClosure: false
        default: true
        }
    }

    /// Whether `appends` appends through a store spelled `spelling` left the
    /// array's storage where it was (its capacity reserved, so only a copy
    /// moves it). Run in the optimised build the benchmarks are, where a
    /// plainly written value reducer moves its state.
    static func appendsInPlace(_ spelling: Spelling, size: Int, appends: Int) -> Bool {
        let store = makeStore(spelling, ListState(size: size, room: appends))
        func storage() -> UInt { store.state.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        // Compared at each append: a copy is made while the old storage is
        // still alive, so it always lands elsewhere (over several appends,
        // storage freed by one copy could be reused by a later one).
        var inPlace = true
        for value in 0..<appends {
            let before = storage()
            store.dispatch(Append(value: value))
            inPlace = inPlace && storage() == before
        }
        return inPlace && store.state.items.count == size + appends
    }

    /// `appends` appends to a `size`-element array through a store whose
    /// reducer is spelled `spelling`, against the in-place floor. A spelling
    /// that should stay in place and copied stops the benchmarks (CI runs
    /// them, `--quick`): this is the check that it stays in place.
    static func row(_ spelling: Spelling, size: Int, appends: Int, runs: Int) -> Row {
        if appendsInPlace(spelling, size: size, appends: appends) != staysInPlace(spelling) {
            fatalError(
                "workload 17: the value reducer spelled as \(spelling.label) "
                    + (staysInPlace(spelling) ? "copied its state" : "no longer copies: update the docs"))
        }
        let store = Timing.of(runs: runs, setup: { makeStore(spelling, ListState(size: size, room: appends)) }) {
            store in
            for value in 0..<appends { store.dispatch(Append(value: value)) }
            return store.state.items.count
        }
        let floor = Timing.of(runs: runs, setup: { Holder(ListState(size: size, room: appends)) }) { holder in
            let reducer: InPlaceReducer<ListState> = LargeStateWorkloads.appendInPlace
            for value in 0..<appends { reducer(&holder.value, Append(value: value)) }
            return holder.value.items.count
        }
        return Row(
            workload:
                "17 \(appends.formatted) appends, value reducer (\(spelling.label)), \(size.formatted)-element state",
            store: store, floor: floor, note: "target ≤ 2x at 10⁵, flat in the size")
    }
}
