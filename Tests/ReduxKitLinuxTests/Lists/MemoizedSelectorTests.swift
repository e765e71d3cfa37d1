import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// Reselect's createSelector: recomputed only when an input changes (counted),
/// the last result kept when an equal one comes, unstable inputs reported, and
/// usable where a store takes a selection.
@Suite("Memoized selectors")
struct MemoizedSelectorTests {
    struct Todo: Equatable, Sendable {
        var title: String
        var done = false
    }

    struct App: Equatable, Sendable {
        var todos: [Todo] = []
        var filter = "all"
        var unrelated = 0
    }

    struct Add: Action { let title: String }
    struct Toggle: Action { let index: Int }
    struct Bump: Action {}
    struct Filter: Action { let filter: String }

    static func reducer(_ state: inout App, _ action: any Action) {
        switch action {
        case let add as Add: state.todos.append(Todo(title: add.title))
        case let toggle as Toggle: state.todos[toggle.index].done.toggle()
        case is Bump: state.unrelated += 1
        case let filter as Filter: state.filter = filter.filter
        default: break
        }
    }

    static func visibleTodos() -> MemoizedSelector<App, [String]> {
        createSelector({ (state: App) in state.todos }, { $0.filter }) { todos, filter in
            todos.filter { filter == "all" || $0.done == (filter == "done") }.map(\.title)
        }
    }

    @Test func itRecomputesOnlyWhenAnInputChanges() {
        let select = Self.visibleTodos()
        var state = App(todos: [Todo(title: "a"), Todo(title: "b", done: true)])
        #expect(select(state) == ["a", "b"])
        for _ in 0..<10_000 {
            state.unrelated += 1
            _ = select(state)
        }
        #expect(select.recomputations == 1)
        state.filter = "done"
        #expect(select(state) == ["b"])
        #expect(select.recomputations == 2)
        state.todos[0].done = true
        #expect(select(state) == ["a", "b"])
        #expect(select.recomputations == 3)
        select.resetRecomputations()
        #expect(select.recomputations == 0)
    }

    @Test func aStoresActionsThatDoNotTouchTheInputsRecomputeNothing() {
        let store = createStore(Self.reducer, App())
        let select = Self.visibleTodos()
        var renders: [[String]] = []
        let subscription = store.subscribe(select: select) { renders.append($0) }
        store.dispatch(Add(title: "milk"))
        for _ in 0..<10_000 { store.dispatch(Bump()) }
        store.dispatch(Toggle(index: 0))
        store.dispatch(Filter(filter: "open"))
        #expect(renders == [["milk"], []])
        // One for the subscription's start, one per action that touched an input.
        #expect(select.recomputations == 4)
        subscription.dispose()
    }

    @Test func aScopedStoreTakesASelector() {
        let store = createStore(Self.reducer, App())
        let select = Self.visibleTodos()
        let visible = store.view(value: select)
        var seen: [[String]] = []
        let subscription = visible.subscribe { seen.append($0) }
        store.dispatch(Add(title: "tea"))
        store.dispatch(Bump())
        #expect(visible.state == ["tea"])
        #expect(seen == [["tea"]])
        subscription.dispose()
    }

    @Test func anEqualResultKeepsTheLastOne() {
        final class Box: Equatable {
            let value: Int
            init(_ value: Int) { self.value = value }
            static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
        }
        let select = createSelector({ (state: App) in state.unrelated }) { Box($0 % 2) }
        let first = select(App(unrelated: 0))
        let second = select(App(unrelated: 2))  // recomputed, equal: the last one is kept
        #expect(select.recomputations == 2)
        #expect(first === second)
    }

    @Test func anInputThatMakesANewValueEveryTimeIsReported() {
        final class Counter2 { var next = 0 }
        let counter = Counter2()
        var reports: [String] = []
        let select = createSelector(
            { (_: App) -> Int in
                counter.next += 1
                return counter.next
            }, { $0.filter }, inputStabilityCheck: .always, reportingTo: { reports.append($0) }
        ) { number, filter in "\(filter) \(number)" }
        _ = select(App())
        _ = select(App())
        #expect(reports.count == 2)
        #expect(
            reports.first?.hasPrefix("ReduxKitLinux: input selector 1 of a selector returned different values") == true)
        let stable = createSelector(
            { (state: App) in state.filter }, inputStabilityCheck: .always,
            reportingTo: {
                reports.append($0)
            }
        ) { $0 }
        _ = stable(App())
        #expect(reports.count == 2)
    }

    @Test func aReferenceInputComparesByIdentity() {
        final class Settings {}
        let settings = Settings()
        let select = createSelector({ (_: App) in ByIdentity(settings) }) { _ in 1 }
        _ = select(App())
        _ = select(App(unrelated: 5))
        #expect(select.recomputations == 1)
    }

    /// Three inputs (the fixed-arity form) and four (the parameter-pack
    /// form): each recomputes only when an input changes, and an unstable
    /// input is named by its place.
    @Test func threeAndFourInputsRecomputeOnlyWhenOneChanges() {
        final class Ticker { var next = 0 }
        let ticker = Ticker()
        var reports: [String] = []
        let three = createSelector(
            { (state: App) in state.filter },
            { (_: App) -> Int in
                ticker.next += 1
                return ticker.next
            }, { $0.todos.count }, inputStabilityCheck: .once, reportingTo: { reports.append($0) }
        ) { filter, tick, count in "\(filter) \(tick) \(count)" }
        _ = three(App())
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("ReduxKitLinux: input selector 2 of a selector") == true)
        let four = createSelector(
            { (state: App) in state.filter }, { $0.todos.count }, { $0.todos.first?.title ?? "" },
            { $0.todos.last?.done ?? false }, inputStabilityCheck: .always, reportingTo: { reports.append($0) }
        ) { filter, count, first, lastDone in "\(filter) \(count) \(first) \(lastDone)" }
        var state = App(todos: [Todo(title: "a")])
        #expect(four(state) == "all 1 a false")
        state.unrelated = 9
        #expect(four(state) == "all 1 a false")
        #expect(four.recomputations == 1)
        state.todos[0].done = true
        #expect(four(state) == "all 1 a true")
        #expect(four.recomputations == 2)
        #expect(reports.count == 1)  // the four inputs are stable
    }
}
