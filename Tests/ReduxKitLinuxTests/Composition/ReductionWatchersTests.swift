import Testing

@testable import ReduxKitLinux

/// A root store's reductions are watched through one observer of its core,
/// whatever store views it: a row store over a scoped store follows its row
/// through the scoped store's state, and once that scoped store is freed,
/// nothing of it is left watching.
@Suite("Reduction watchers")
struct ReductionWatchersTests {
    struct Row: Identifiable, Equatable {
        let id: Int
        var count = 0
    }

    struct Screen {
        var rows = IdentifiedArrayOf<Row>(uniqueElements: (0..<3).map { Row(id: $0) })
    }

    struct App {
        var screen = Screen()
        var title = ""
    }

    struct Bump: Action {}
    struct Remove: Action { let id: Int }

    static func makeStore() -> Store<App> {
        createStore(
            combineReducers(
                forEach({ (row: inout Row, _: Bump) in row.count += 1 }, state: \App.screen.rows),
                { (app: inout App, action: any Action) in
                    if let remove = action as? Remove { app.screen.rows.remove(id: remove.id) }
                }), App())
    }

    static func watchers(of store: Store<App>) -> ReductionWatchers<App>? {
        store.rowTables[\Store<App>.self] as? ReductionWatchers<App>
    }

    @Test func aRowStoreOverScopedStoresFollowsItsRowThroughThem() throws {
        let store = Self.makeStore()
        let screen = store.view(value: { $0.screen }).view(value: { $0 })
        let row = try #require(screen.view(element: 1, in: \Screen.rows))
        for _ in 0..<3 { store.dispatch(ElementAction(id: 1, action: Bump())) }
        store.dispatch(Remove(id: 1))
        #expect(row.state.count == 3)
        #expect(Self.watchers(of: store)?.count == 1)
    }

    @Test func scopedStoresFreedLeaveNothingWatching() throws {
        let store = Self.makeStore()
        for id in 0..<3 {
            for _ in 0..<10 {
                let row = try #require(store.view(value: { $0.screen }).view(element: id, in: \Screen.rows))
                _ = row.state
            }
        }
        let kept = try #require(store.view(value: { $0.screen }).view(element: 2, in: \Screen.rows))
        #expect(Self.watchers(of: store)?.count == 31)
        store.dispatch(ElementAction(id: 2, action: Bump()))
        #expect(Self.watchers(of: store)?.count == 1)  // the freed scoped stores' watchers are dropped
        store.dispatch(Remove(id: 2))
        #expect(kept.state.count == 1)
    }
}
