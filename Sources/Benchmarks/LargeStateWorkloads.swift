import ReduxKitLinux

/// Workload 4: appends to a large array held in the state, with an in-place
/// reducer and with an optional-state (value-returning) reducer.
enum LargeStateWorkloads {
    struct Append: Action {
        let value: Int
    }

    struct ListState {
        var items: [Int]

        /// A `size`-element state with room for `appends` more, so every run
        /// times appends alone, not the array growing its buffer.
        init(size: Int, room appends: Int) {
            items = Array(0..<size)
            items.reserveCapacity(size + appends)
        }

        init(items: [Int]) {
            self.items = items
        }
    }

    static func appendInPlace(_ state: inout ListState, _ action: any Action) {
        if let append = action as? Append { state.items.append(append.value) }
    }

    static func appendReturning(_ state: ListState?, _ action: any Action) -> ListState {
        var state = state ?? ListState(items: [])
        if let append = action as? Append { state.items.append(append.value) }
        return state
    }

    /// `appends` appends to a `size`-element array: in place through a store
    /// against the in-place reducer called in a loop.
    static func inPlace(size: Int, appends: Int, runs: Int) -> Row {
        let store = Timing.of(runs: runs, setup: { createStore(appendInPlace, ListState(size: size, room: appends)) }) {
            store in
            for value in 0..<appends { store.dispatch(Append(value: value)) }
            return store.state.items.count
        }
        let floor = Timing.of(runs: runs, setup: { Holder(ListState(size: size, room: appends)) }) { holder in
            let reducer: InPlaceReducer<ListState> = appendInPlace
            for value in 0..<appends { reducer(&holder.value, Append(value: value)) }
            return holder.value.items.count
        }
        return Row(
            workload: "4 \(appends.formatted) appends, in-place reducer, \(size.formatted)-element state",
            store: store, floor: floor, note: "")
    }

    /// The same appends with a value-returning reducer, which copies the array
    /// on every call; its floor is the same reducer called in a loop, which
    /// copies just as much.
    static func returning(size: Int, appends: Int, runs: Int) -> Row {
        let store = Timing.of(runs: runs, setup: { createStore(appendReturning, ListState(size: size, room: appends)) })
        {
            store in
            for value in 0..<appends { store.dispatch(Append(value: value)) }
            return store.state.items.count
        }
        let floor = Timing.of(runs: runs, setup: { Holder(ListState(size: size, room: appends)) }) { holder in
            let reducer: Reducer<ListState> = appendReturning
            for value in 0..<appends { holder.value = reducer(holder.value, Append(value: value)) }
            return holder.value.items.count
        }
        return Row(
            workload: "4 \(appends.formatted) appends, optional-state reducer, \(size.formatted)-element state",
            store: store, floor: floor, note: "copies the array per call, as its floor does")
    }
}

extension Int {
    /// The number with thousands separators, for table labels.
    var formatted: String {
        let digits = String(self)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
