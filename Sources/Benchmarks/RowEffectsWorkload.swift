import ReduxKitLinux
import ReduxKitLinuxEffects

/// Workload 20 (issue 40): row actions in a list whose rows each run an
/// effect that waits (a timer, a download), against the same list with none
/// running. A row's effects end when its id leaves the collection; what finds
/// that must not cost every dispatch a look at every row. The list is an
/// `IdentifiedArray`, or an `EntityState` (entity rows).
enum RowEffectsWorkload {
    struct Line: Identifiable, Equatable, Sendable {
        let id: Int
        var count = 0
    }

    struct Lines: Sendable {
        var rows = IdentifiedArrayOf<Line>()
        var entities = EntityState<Int, Line>()
    }

    /// What holds the rows.
    enum Kind: String {
        case identified = "rows"
        case entity = "entity rows"
    }

    struct Bump: Action {}
    struct RemoveAll: Action {}

    static let adapter = EntityAdapter<Int, Line>()

    static func bump(_ row: inout Line, _ action: Bump) {
        row.count &+= 1
    }

    static func lines(_ lines: inout Lines, _ action: any Action) {
        if action is RemoveAll {
            lines.rows.removeAll()
            adapter.removeAll(from: &lines.entities)
        }
    }

    /// A row's effect that waits until it is cancelled.
    static let wait = AsyncThunk<Line, Void, Void>("row/wait") { _, _ in
        try await ContinuousClock().sleep(for: .seconds(86_400))
    }

    /// `actions` row actions through a main-actor store of `size` rows of
    /// `kind`, each row running ``wait`` (or none, for the floor), its row
    /// store a temporary or, if `holdingStores`, held meanwhile (as a screen
    /// holds its rows' stores, which follow their rows); the median of
    /// `runs`. The floor is timed first: timed after the effects' runs, it
    /// reads far slower at 100,000 rows (their teardown still going on).
    @MainActor
    static func run(
        _ kind: Kind = .identified, size: Int, actions: Int, runs: Int, holdingStores: Bool = false
    ) async -> Row {
        let none = await time(kind, size: size, actions: actions, runs: runs, running: false, holding: false)
        let running = await time(
            kind, size: size, actions: actions, runs: runs, running: true, holding: holdingStores)
        let held = holdingStores ? ", their stores held" : ""
        return Row(
            workload:
                "20 \(actions.formatted) row actions with \(size.formatted) \(kind.rawValue) each running a waiting effect\(held)",
            store: running, floor: none, note: "floor: the same with none running; target ≤ 1.5x")
    }

    @MainActor
    private static func time(
        _ kind: Kind, size: Int, actions: Int, runs: Int, running: Bool, holding: Bool
    ) async -> Timing {
        var times: [Duration] = []
        var checksum = 0
        let clock = ContinuousClock()
        for run in 0..<(runs + 1) {
            let store = makeStore(kind, size: size)
            var held: [Store<Line>] = []
            if running {
                for id in 0..<size {
                    let row =
                        switch kind {
                        case .identified: store.view(element: id, in: \Lines.rows)
                        case .entity: store.view(element: id, in: \Lines.entities)
                        }
                    row?.dispatch(wait())
                    if holding, let row { held.append(row) }
                }
            }
            let target = size / 2
            let start = clock.now
            for _ in 0..<actions { store.dispatch(ElementAction(id: target, action: Bump())) }
            let elapsed = clock.now - start
            checksum = store.state.rows[id: target]?.count ?? store.state.entities[id: target]!.count
            store.dispatch(RemoveAll())
            held.removeAll()
            _ = await store.waitForEffects(timeout: .seconds(600))
            if run >= 1 { times.append(elapsed) }
        }
        times.sort()
        return Timing(median: times[times.count / 2], checksum: checksum)
    }

    @MainActor
    private static func makeStore(_ kind: Kind, size: Int) -> Store<Lines> {
        var lines = Lines()
        let all = (0..<size).map { Line(id: $0) }
        let rows: InPlaceReducer<Lines>
        switch kind {
        case .identified:
            lines.rows = IdentifiedArray(uniqueElements: all)
            rows = forEach(bump, state: \Lines.rows)
        case .entity:
            adapter.addMany(all, to: &lines.entities)
            rows = forEach(
                { row, action in if let bump = action as? Bump { Self.bump(&row, bump) } }, state: \Lines.entities)
        }
        return createStore(combineReducers(rows, Self.lines), lines, applyMiddleware(thunkMiddleware()))
    }
}
