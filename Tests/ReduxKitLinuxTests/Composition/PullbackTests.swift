import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@Suite("pullback")
struct PullbackTests {
    // The gist's shape: an optional field, filled by an optional-state child.
    struct GistState {
        var count: Int!
        var name = "gist"
    }

    // Idea.swift's shape: child actions embedded as cases of a parent action enum.
    struct ParentState: Equatable {
        var names: [String] = []
        var taps = 0
    }

    enum NamesAction: Action { case add(String) }
    enum TapsAction: Action { case tap }

    enum ParentAction: Action {
        case names(NamesAction)
        case taps(TapsAction)

        var names: NamesAction? {
            guard case .names(let action) = self else { return nil }
            return action
        }

        var taps: TapsAction? {
            guard case .taps(let action) = self else { return nil }
            return action
        }
    }

    static func namesReducer(_ names: inout [String], _ action: NamesAction) {
        switch action {
        case .add(let name): names.append(name)
        }
    }

    static func tapsReducer(_ taps: Int?, _ action: TapsAction) -> Int {
        (taps ?? 0) + 1
    }

    @Test func anOptionalStateChildOnAnOptionalFieldReceivesNilFirstSoItsDefaultApplies() {
        let received = Recorder<Int?>()
        let child: Reducer<Int> = { state, action in
            received.append(state)
            return counterReducer(state, action)
        }
        let store = createStore(pullback(child, state: \GistState.count), GistState())
        #expect(store.state.count == nil)
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(received.values == [nil, 1])
        #expect(store.state.count == 2)
        #expect(store.state.name == "gist")
    }

    @Test func anOptionalStateChildOnAPlainFieldReceivesItsValue() {
        struct State { var count = 10 }
        let store = createStore(pullback(counterReducer, state: \State.count), State())
        store.dispatch(Increment(by: 5))
        #expect(store.state.count == 15)
    }

    @Test func anInPlaceChildSeesEveryActionOnItsField() {
        struct State { var log: [String] = [] }
        let child: InPlaceReducer<[String]> = { log, action in log.append(action.type) }
        let store = createStore(pullback(child, state: \State.log), State())
        store.dispatch(Increment())
        store.dispatch(Noop())
        #expect(store.state.log == ["Increment", "Noop"])
    }

    @Test func childrenWithEmbeddedActionsRunOnlyForTheirOwnActions() {
        let parentReducer = combineReducers(
            pullback(Self.namesReducer, state: \ParentState.names, action: { ($0 as? ParentAction)?.names }),
            pullback(Self.tapsReducer, state: \ParentState.taps, action: { ($0 as? ParentAction)?.taps })
        )
        let store = createStore(parentReducer, ParentState())
        store.dispatch(ParentAction.names(.add("Ada")))
        store.dispatch(ParentAction.taps(.tap))
        store.dispatch(ParentAction.taps(.tap))
        store.dispatch(Increment())
        #expect(store.state == ParentState(names: ["Ada"], taps: 2))
    }

    @Test func theActionMayBeExtractedWithAKeyPathOfTheParentActionType() {
        let reducer = pullback(Self.namesReducer, state: \ParentState.names, action: \ParentAction.names)
        let store = createStore(reducer, ParentState())
        store.dispatch(ParentAction.names(.add("Grace")))
        store.dispatch(ParentAction.taps(.tap))
        store.dispatch(NamesAction.add("not embedded, so not seen"))
        #expect(store.state.names == ["Grace"])
    }

    @Test func anOptionalStateChildWithEmbeddedActionsOnAnOptionalField() {
        struct State { var taps: Int? }
        let reducer = pullback(Self.tapsReducer, state: \State.taps, action: { ($0 as? ParentAction)?.taps })
        let store = createStore(reducer, State())
        store.dispatch(Increment())
        #expect(store.state.taps == nil)
        store.dispatch(ParentAction.taps(.tap))
        #expect(store.state.taps == 1)
    }

    @Test func pullbacksNestThroughSeveralLevels() {
        struct Inner { var value = 0 }
        struct Outer { var inner = Inner() }
        struct Root { var outer = Outer() }
        let inner = pullback(counterReducer, state: \Inner.value)
        let root = pullback(pullback(inner, state: \Outer.inner), state: \Root.outer)
        let store = createStore(root, Root())
        store.dispatch(Increment(by: 3))
        #expect(store.state.outer.inner.value == 3)
    }

    @Test func anInPlaceChildThroughAKeyPathCopiesNothing() {
        struct Append: Action { let value: Int }
        struct State { var buffer: CopyCountingBuffer }
        let copies = Counter()
        let child: InPlaceReducer<CopyCountingBuffer> = { buffer, action in
            if let append = action as? Append { buffer.append(append.value) }
        }
        let store = createStore(
            pullback(child, state: \State.buffer), State(buffer: CopyCountingBuffer(count: 50_000, copies: copies)))
        for value in 0..<1_000 { store.dispatch(Append(value: value)) }
        #expect(copies.count == 0)
        #expect(store.state.buffer.count == 51_000)
    }
}
