import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// Issue 12, item 16: thunks and async thunks dispatched to a scoped store go
/// up to the root store's thunk middleware (every root middleware sees them),
/// and run in the scoped store's terms: its `getState` derives the child's
/// state, its `dispatch` embeds child actions. (They used to be ignored, and
/// the typed `dispatch(_:)` stopped the process saying the middleware was missing.)
@Suite("Scoped effects", .hangSafetyNet)
struct ScopedEffectsTests {
    struct AppState: Equatable, Sendable {
        var child = 0
        var other = 0
    }

    enum ChildAction: Action {
        case add(Int)
    }

    /// The root's action that carries a child's action.
    struct FromChild: Action {
        let child: ChildAction
    }

    /// A reducer that logs the type of every action it reduces.
    static func reducer(logging reduced: Recorder<String>) -> Reducer<AppState> {
        { state, action in
            var state = state ?? AppState()
            if !(action is DefaultAction) { reduced.append(action.type) }
            if let action = action as? FromChild, case .add(let amount) = action.child { state.child += amount }
            return state
        }
    }

    /// A middleware that logs the type of every action the root's chain sees.
    static func spy(_ seen: Recorder<String>) -> Middleware<AppState> {
        { _ in
            { next in
                { action in
                    seen.append(action.type)
                    return next(action)
                }
            }
        }
    }

    @MainActor
    static func makeRoot(reduced: Recorder<String>, seen: Recorder<String> = Recorder()) -> Store<AppState> {
        createStore(reducer(logging: reduced), nil, applyMiddleware(spy(seen), thunkMiddleware()))
    }

    static func child(of store: Store<AppState>) -> Store<Int> {
        store.view(value: { $0.child }, action: { FromChild(child: $0) })
    }

    /// Reads the child's state when the gate opens, adds its argument through
    /// the context, and returns what it read.
    static func addLater(after gate: Gate) -> AsyncThunk<Int, Int, Int> {
        AsyncThunk("child/addLater") { amount, context in
            try await gate.wait()
            let before = try await context.getState()
            await context.dispatch(ChildAction.add(amount))
            return before
        }
    }

    @Test @MainActor func aThunkRunsThroughTheRootsMiddlewareInTheScopedStoresTerms() {
        let reduced = Recorder<String>()
        let seen = Recorder<String>()
        let root = Self.makeRoot(reduced: reduced, seen: seen)
        let child = Self.child(of: root)
        root.dispatch(FromChild(child: .add(2)))
        let states = Recorder<Int>()
        let returned = child.dispatch(
            Thunk { dispatch, getState in
                states.append(getState())
                _ = dispatch(ChildAction.add(3))
                states.append(getState())
            })
        #expect(states.values == [2, 5])
        #expect(root.state == AppState(child: 5, other: 0))
        #expect(returned is Thunk<Int>)
        #expect(seen.values == ["FromChild", "Thunk<Int>", "FromChild"])
        #expect(reduced.values == ["FromChild", "FromChild"])
    }

    @Test @MainActor func anAsyncThunkRunsThroughTheRootsMiddlewareInTheScopedStoresTerms() async throws {
        let reduced = Recorder<String>()
        let seen = Recorder<String>()
        let root = Self.makeRoot(reduced: reduced, seen: seen)
        let child = Self.child(of: root)
        root.dispatch(FromChild(child: .add(1)))
        let gate = Gate()
        let handle = child.dispatch(Self.addLater(after: gate)(4))
        #expect(seen.values == ["FromChild", "child/addLater", "child/addLater/pending"])
        #expect(reduced.values == ["FromChild", "child/addLater/pending"])
        gate.open()
        #expect(try await handle.value == 1)
        #expect(root.state == AppState(child: 5, other: 0))
        #expect(child.state == 5)
        #expect(
            reduced.values == ["FromChild", "child/addLater/pending", "FromChild", "child/addLater/fulfilled"])
    }

    @Test @MainActor func scopedStoresOfScopedStoresReachTheRootToo() async throws {
        let reduced = Recorder<String>()
        let root = Self.makeRoot(reduced: reduced)
        let whole = root.view(value: { $0 })
        let child = whole.view(value: { $0.child }, action: { FromChild(child: $0) })
        child.dispatch(Thunk { dispatch, getState in _ = dispatch(ChildAction.add(getState() + 10)) })
        #expect(root.state.child == 10)
        let gate = Gate()
        gate.open()
        #expect(try await child.dispatch(Self.addLater(after: gate)(5)).value == 10)
        #expect(root.state.child == 15)
        whole.dispatch(Thunk { dispatch, getState in _ = dispatch(FromChild(child: .add(getState().child))) })
        #expect(root.state.child == 30)
    }

    /// A run goes on when the scoped store it was dispatched to (here a
    /// temporary) is freed: its actions still arrive, and it keeps the root
    /// alive only until it ends.
    @Test @MainActor func aRunOutlivesTheScopedStoreItWasDispatchedTo() async throws {
        let reduced = Recorder<String>()
        let gate = Gate()
        let freed = Recorder<Bool>()
        weak var weakRoot: Store<AppState>?
        weak var weakChild: Store<Int>?
        var handle: AsyncThunkHandle<Int>?
        do {
            let signal = FreedSignal(freed)
            let reducer = Self.reducer(logging: reduced)
            let root = createStore(
                { state, action in
                    _ = signal  // freed with the root's core, which the root holds
                    return reducer(state, action)
                }, nil, applyMiddleware(thunkMiddleware()))
            weakRoot = root
            let child = Self.child(of: root)
            weakChild = child
            handle = child.dispatch(Self.addLater(after: gate)(4))
        }
        #expect(weakChild == nil)
        #expect(weakRoot != nil)
        #expect(freed.values.isEmpty)
        gate.open()
        #expect(try await handle?.value == 0)
        #expect(reduced.values == ["child/addLater/pending", "FromChild", "child/addLater/fulfilled"])
        // Woken when the root's core is freed, after the root: the run let it go once it ended.
        #expect(await freed.wait(forCount: 1) == [true])
        #expect(weakRoot == nil)
    }

    @Test @MainActor func aThunkOfTheRootsStateStillRunsInTheRootsTerms() {
        let root = Self.makeRoot(reduced: Recorder())
        let child = Self.child(of: root)
        child.dispatch(
            Thunk<AppState> { dispatch, getState in _ = dispatch(FromChild(child: .add(getState().other + 7))) })
        #expect(root.state.child == 7)
    }

    @Test @MainActor func aRootWhoseStateIsNotSendableRunsItsScopedStoresAsyncThunks() async throws {
        final class Box {
            var value = 0
        }
        let root = createStore(
            { (state: Box?, action: any Action) -> Box in
                let box = state ?? Box()
                if let action = action as? FromChild, case .add(let amount) = action.child { box.value += amount }
                return box
            }, nil, applyMiddleware(thunkMiddleware()))
        let child = root.view(value: { $0.value }, action: { FromChild(child: $0) })
        let gate = Gate()
        gate.open()
        #expect(try await child.dispatch(Self.addLater(after: gate)(3)).value == 0)
        #expect(root.state.value == 3)
    }

    @Test func aSharedStoresViewRunsThunksAndAsyncThunksThroughTheRoot() async throws {
        let reduced = Recorder<String>()
        let shared = SharedStore(
            createStore(Self.reducer(logging: reduced), nil, applyMiddleware(thunkMiddleware())))
        let child = shared.view(value: { $0.child }, action: { FromChild(child: $0) })
        let states = Recorder<Int>()
        child.dispatch(
            Thunk { dispatch, getState in
                _ = dispatch(ChildAction.add(2))
                states.append(getState())
            })
        #expect(states.values == [2])
        let gate = Gate()
        let handle = child.dispatch(Self.addLater(after: gate)(3))
        gate.open()
        #expect(try await handle.value == 2)
        #expect(shared.state == AppState(child: 5, other: 0))
        #expect(reduced.values == ["FromChild", "child/addLater/pending", "FromChild", "child/addLater/fulfilled"])
    }

    /// Runs dispatched to views from eight threads at once, some views freed
    /// while their runs go on: every run's actions arrive, exactly once.
    @Test func runsDispatchedToSharedViewsFromThreadsAllArrive() async throws {
        let shared = SharedStore(
            createStore(Self.reducer(logging: Recorder()), nil, applyMiddleware(thunkMiddleware())))
        let add = AsyncThunk<Int, Int, Void>("child/add") { amount, context in
            await context.dispatch(ChildAction.add(amount))
        }
        let handles = Recorder<AsyncThunkHandle<Void>>()
        let kept = shared.view(value: { $0.child }, action: { FromChild(child: $0) })
        onThreads(8) { index in
            for _ in 0..<50 {
                let view = index % 2 == 0 ? kept : shared.view(value: { $0.child }, action: { FromChild(child: $0) })
                handles.append(view.dispatch(add(1)))
            }
        }
        for handle in handles.values { try await handle.value }
        #expect(shared.state.child == 400)
    }

    @Test func withoutTheThunkMiddlewareAScopedStoresThunkIsIgnoredAsARootsIs() {
        let root = createStore(Self.reducer(logging: Recorder()), nil)
        let ran = Flag()
        Self.child(of: root).dispatch(Thunk { _, _ in ran.set() })
        #expect(!ran.isSet)
        #expect(root.state == AppState())
    }

    @Test func anAsyncThunkToAScopedStoreOfARootWithoutTheMiddlewareNamesTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            exitIfStillRunning()
            let root = createStore(Self.reducer(logging: Recorder()), nil)
            Self.child(of: root).dispatch(Self.addLater(after: Gate())(1))
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("ReduxKitLinux: \(EffectsMisuse.asyncThunkWithoutMiddleware)"))
    }

}

/// Tells `freed` when it is freed.
final class FreedSignal: Sendable {
    private let freed: Recorder<Bool>

    init(_ freed: Recorder<Bool>) {
        self.freed = freed
    }

    deinit {
        freed.append(true)
    }
}
