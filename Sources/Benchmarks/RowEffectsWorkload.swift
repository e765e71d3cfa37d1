import ReduxKitLinux
import ReduxKitLinuxEffects

/// Workload 20 (issue 40): row actions in a list whose rows each run an
/// effect that waits (a timer, a download), against the same list with none
/// running. A row's effects end when its id leaves the collection; what finds
/// that must not cost every dispatch a look at every row.
enum RowEffectsWorkload {
    struct Line: Identifiable, Equatable, Sendable {
        let id: Int
        var count = 0
    }

    struct Lines: Sendable {
        var rows = IdentifiedArrayOf<Line>()
    }

    struct Bump: Action {}
    struct RemoveAll: Action {}

    static func bump(_ row: inout Line, _ action: Bump) {
        row.count &+= 1
    }

    static func lines(_ lines: inout Lines, _ action: any Action) {
        if action is RemoveAll { lines.rows.removeAll() }
    }

    /// A row's effect that waits until it is cancelled.
    static let wait = AsyncThunk<Line, Void, Void>("row/wait") { _, _ in
        try await ContinuousClock().sleep(for: .seconds(86_400))
    }

    /// `actions` row actions through a main-actor store of `size` rows, each
    /// row running ``wait`` (or none, for the floor); the median of `runs`.
    @MainActor
    static func run(size: Int, actions: Int, runs: Int) async -> Row {
        let running = await time(size: size, actions: actions, runs: runs, running: true)
        let none = await time(size: size, actions: actions, runs: runs, running: false)
        return Row(
            workload:
                "20 \(actions.formatted) row actions with \(size.formatted) rows each running a waiting effect",
            store: running, floor: none, note: "floor: the same with none running; target ≤ 1.5x")
    }

    @MainActor
    private static func time(size: Int, actions: Int, runs: Int, running: Bool) async -> Timing {
        var times: [Duration] = []
        var checksum = 0
        let clock = ContinuousClock()
        for run in 0..<(runs + 1) {
            let store = createStore(
                combineReducers(forEach(bump, state: \Lines.rows), lines),
                Lines(rows: IdentifiedArray(uniqueElements: (0..<size).map { Line(id: $0) })),
                applyMiddleware(thunkMiddleware()))
            if running {
                for id in 0..<size { store.view(element: id, in: \Lines.rows)?.dispatch(wait()) }
            }
            let target = size / 2
            let start = clock.now
            for _ in 0..<actions { store.dispatch(ElementAction(id: target, action: Bump())) }
            let elapsed = clock.now - start
            checksum = store.state.rows[id: target]!.count
            store.dispatch(RemoveAll())
            _ = await store.waitForEffects(timeout: .seconds(600))
            if run >= 1 { times.append(elapsed) }
        }
        times.sort()
        return Timing(median: times[times.count / 2], checksum: checksum)
    }
}
