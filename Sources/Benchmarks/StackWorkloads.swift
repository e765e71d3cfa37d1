import Foundation
import ReduxKitLinux

/// Workload 22 (issue 38): the stack one dispatch needs when the state is a
/// large value held inline (``LargeInlineState``, 65 KB), on the store kinds
/// an app builds. Each dispatches one `Trigger` through ten middleware (the
/// fifth dispatches a `Nested` again, mid-chain) to a subscriber that
/// dispatches a `Followup`: two levels of dispatch. The note gives the peak
/// stack (``StackProbe``) and the smallest thread the dispatch runs on; the
/// floor is the in-place reducer called directly for the same three actions.
enum StackWorkloads {
    typealias State = LargeInlineState

    /// The store kinds measured.
    enum Kind: String, CaseIterable {
        /// `createStore(appReducer, nil, applyMiddleware(…))`, as the README teaches.
        case readme
        /// A scoped store of the count, over in-place reducers composed
        /// with `combineReducers` and `pullback`, with `applyMiddleware(_:to:)`.
        case composed
        /// A `SharedStore` over an in-place reducer's store with the middleware.
        case shared
        /// An in-place reducer's store alone: no middleware, the same subscriber.
        case inPlace

        var label: String {
            switch self {
            case .readme: "README store (optional-state reducer, applyMiddleware enhancer)"
            case .composed: "scoped store (of an Int) over combineReducers/pullback, applyMiddleware(_:to:)"
            case .shared: "SharedStore over an in-place reducer, applyMiddleware(_:to:)"
            case .inPlace: "in-place reducer alone (no middleware)"
            }
        }

        /// The thread it must run on (issue 38's aim, in release).
        var target: Int {
            self == .readme ? 512 << 10 : 256 << 10
        }
    }

    /// A scenario built and ready: `dispatch` sends the `Trigger` (the part
    /// measured), `checksum` reads what the dispatches did.
    struct Scenario {
        let dispatch: () -> Void
        let checksum: () -> Int
    }

    /// Ten pass-through middleware, the fifth of which dispatches a `Nested`
    /// through the whole chain before passing a `Trigger` on.
    static func tenMiddleware() -> [Middleware<State.AppState>] {
        (0..<10).map { index in
            { api in
                { next in
                    { action in
                        if index == 4, action is State.Trigger { _ = api.dispatch(State.Nested()) }
                        return next(action)
                    }
                }
            }
        }
    }

    /// Builds `kind`'s store and its dispatching subscriber.
    static func make(_ kind: Kind) -> Scenario {
        switch kind {
        case .readme:
            return storeScenario(createStore(State.appReducer, nil, applyMiddleware(tenMiddleware())))
        case .inPlace:
            return storeScenario(createStore(State.inPlaceReducer, State.AppState()))
        case .composed:
            let reducer = combineReducers(
                pullback(State.reduceCount, state: \State.AppState.count),
                pullback(State.reducePayload, state: \State.AppState.payload))
            let root = applyMiddleware(tenMiddleware(), to: createStore(reducer, State.AppState()))
            // A view of a small part, as a screen's: the parent's 65 KB state
            // passes through the scoped store's subscription on every dispatch.
            let scoped = root.view(value: { $0.count })
            scoped.subscribe { [unowned scoped] count in
                if count == 2 { scoped.dispatch(State.Followup()) }  // after the `Nested` and the `Trigger`
            }
            return Scenario(dispatch: { scoped.dispatch(State.Trigger()) }, checksum: { State.checksum(root.state) })
        case .shared:
            let shared = SharedStore {
                applyMiddleware(tenMiddleware(), to: createStore(State.inPlaceReducer, State.AppState()))
            }
            shared.subscribe { [weak shared] state in
                if State.wantsFollowup(state.payload) { shared?.dispatch(State.Followup()) }
            }
            return Scenario(dispatch: { shared.dispatch(State.Trigger()) }, checksum: { State.checksum(shared.state) })
        }
    }

    /// A plain store's scenario: the subscriber dispatches to the store.
    static func storeScenario(_ store: Store<State.AppState>) -> Scenario {
        store.subscribe { [unowned store] state in
            if State.wantsFollowup(state.payload) { store.dispatch(State.Followup()) }
        }
        return Scenario(dispatch: { store.dispatch(State.Trigger()) }, checksum: { State.checksum(store.state) })
    }

    /// `kind`'s floor: the in-place reducer called for the same actions, on a
    /// boxed state (no `Nested` without middleware).
    static func floor(_ kind: Kind) -> Scenario {
        let holder = Holder(State.AppState())
        let reducer = opaque(State.inPlaceReducer as InPlaceReducer<State.AppState>)
        let nested = kind != .inPlace
        return Scenario(
            dispatch: {
                if nested { reducer(&holder.value, State.Nested()) }
                reducer(&holder.value, State.Trigger())
                reducer(&holder.value, State.Followup())
            }, checksum: { State.checksum(holder.value) })
    }

    /// `--stack-child KIND BYTES`: runs `kind`'s dispatch on a `BYTES`-byte
    /// thread, so that a parent learns from the exit status whether it fits.
    static func child(_ kind: String, stackSize: Int) -> Never {
        guard let kind = Kind(rawValue: kind) else { exit(2) }
        let scenario = make(kind)
        StackProbe.run(stackSize: stackSize, scenario.dispatch)
        let floor = floor(kind)
        floor.dispatch()
        exit(scenario.checksum() == floor.checksum() ? 0 : 3)
    }

    /// Workload 22's row for `kind`: the dispatch timed (with the floor), and
    /// the stack it needs in the note.
    static func row(_ kind: Kind, runs: Int) -> Row {
        let store = Timing.of(runs: runs, setup: { make(kind) }) { scenario in
            scenario.dispatch()
            return scenario.checksum()
        }
        let floorTiming = Timing.of(runs: runs, setup: { floor(kind) }) { scenario in
            scenario.dispatch()
            return scenario.checksum()
        }
        let scenario = make(kind)
        let peak = StackProbe.peak(of: scenario.dispatch)
        let floorPeak = StackProbe.peak(of: floor(kind).dispatch)
        let smallest = StackProbe.smallestStack(for: kind.rawValue)
        let fits = smallest.map { $0 <= kind.target } ?? false
        return Row(
            workload: "22 one dispatch (two levels) with a 65 KB inline state: \(kind.label)", store: store,
            floor: floorTiming,
            note:
                "peak stack \(peak.kibibytes) (floor \(floorPeak.kibibytes)); runs on \(smallest?.kibibytes ?? "none") "
                + "and up; \(kind.target.kibibytes) thread: \(fits ? "runs" : "**overflows**")")
    }
}

extension Int {
    /// A byte count in KiB, for the notes.
    var kibibytes: String {
        "\(self >> 10) KiB"
    }
}
