import Observation
import ReduxKitLinux
import ReduxKitLinuxEffects
import Synchronization

/// A main-actor screen with two views, each tracking only the fields it reads
/// through an `ObservableStore`, fed by an async thunk whose body runs off the
/// main actor. After each action the screen re-renders the views Observation
/// said had changed, and prints which ones.
enum ObservedScreenStory {
    struct Screen: Sendable {
        var title = "Groceries"
        var status = "idle"
        var items: [String] = []
        /// Changed by `Sync`, read by no view.
        var lastSync = 0
    }

    struct Rename: Action {
        let title: String
    }

    struct AddItem: Action {
        let item: String
    }

    struct Sync: Action {}

    /// Whether the thunk's body started on the main actor, inside the dispatch.
    static let bodyStartedOnMainActor = Atomic<Bool>(false)
    /// Whether the thunk's fetch, a `@concurrent` function, ran off the main actor.
    static let fetchRanOffMainActor = Atomic<Bool>(false)

    /// The slow part of a load: `@concurrent`, so it runs off the store's actor.
    @concurrent static func fetchItems(_ list: String) async -> [String] {
        fetchRanOffMainActor.store(!MainActorViewStory.onMainActor, ordering: .relaxed)
        return ["\(list): milk", "\(list): eggs", "\(list): bread"]
    }

    static let loadItems = AsyncThunk<Screen, String, [String]>("items/load") { list, _ in
        // An async thunk's body starts inside the dispatch, on the store's actor (as in Redux
        // Toolkit); what is slow goes to a @concurrent function.
        bodyStartedOnMainActor.store(MainActorViewStory.onMainActor, ordering: .relaxed)
        return await fetchItems(list)
    }

    static func reducer(_ state: inout Screen, _ action: any Action) {
        switch action {
        case let rename as Rename: state.title = rename.title
        case let add as AddItem: state.items.append(add.item)
        case is Sync: state.lastSync += 1
        default: break
        }
        if loadItems.pending(action) != nil { state.status = "loading" }
        if let done = loadItems.fulfilled(action) {
            state.status = "loaded"
            state.items = done.value
        }
    }

    /// Set by a view's `onChange` (which Observation may call from any
    /// thread; here it is always the main actor).
    final class DirtyFlag: Sendable {
        private let value = Atomic<Bool>(false)
        func set() { value.store(true, ordering: .relaxed) }
        func take() -> Bool { value.exchange(false, ordering: .relaxed) }
    }

    /// A view: renders from the model, tracking what it reads.
    @MainActor
    final class View {
        let name: String
        private let body: @MainActor () -> String
        private let dirty = DirtyFlag()
        private(set) var text = ""
        private(set) var renders = 0

        init(_ name: String, body: @escaping @MainActor () -> String) {
            self.name = name
            self.body = body
            render()
        }

        func render() {
            let dirty = self.dirty
            text = withObservationTracking(body, onChange: { dirty.set() })
            renders += 1
        }

        /// Renders again if something it read changed; returns whether it did.
        func renderIfChanged() -> Bool {
            guard dirty.take() else { return false }
            render()
            return true
        }
    }

    /// The screen: a header (title and status) and a list (the items).
    @MainActor
    final class ScreenViews {
        let header: View
        let list: View
        var lastAction = ""

        init(model: ObservableStore<Screen>) {
            header = View("header") { "\(model.title) (\(model.status))" }
            list = View("list") {
                model.items.isEmpty ? "empty" : "\(model.items.count) items: \(model.items.joined(separator: ", "))"
            }
        }

        /// Called after each action: re-renders the views whose reads changed.
        func update() {
            let rendered = [header, list].filter { $0.renderIfChanged() }
            let what =
                rendered.isEmpty
                ? "no view re-rendered" : rendered.map { "\($0.name) → \($0.text)" }.joined(separator: "; ")
            print("\(lastAction): \(what)")
        }
    }

    @MainActor
    static func run() async {
        printStoryTitle("A screen following a store through Observation")
        var views: ScreenViews?
        let recordAction: Middleware<Screen> = { _ in
            { next in
                { action in
                    views?.lastAction = action.type
                    return next(action)
                }
            }
        }
        let store = applyMiddleware([recordAction, thunkMiddleware()], to: createStore(reducer, Screen()))
        let model = ObservableStore(store)
        let screen = ScreenViews(model: model)
        views = screen
        print("first render: header → \(screen.header.text); list → \(screen.list.text)")
        // After the model's own subscriber, so the model is up to date when the views render.
        let subscription = store.subscribe { @MainActor _ in screen.update() }

        model.dispatch(Rename(title: "Weekend groceries"))
        model.dispatch(Sync())
        let load = store.dispatch(loadItems("weekend"))
        _ = try? await load.value
        model.dispatch(AddItem(item: "coffee"))
        model.dispatch(Rename(title: "Weekend groceries"))

        print("the thunk's body started on the main actor: \(bodyStartedOnMainActor.load(ordering: .relaxed))")
        print("its @concurrent fetch ran off the main actor: \(fetchRanOffMainActor.load(ordering: .relaxed))")
        print("header rendered \(screen.header.renders) times, list \(screen.list.renders) times")
        subscription.dispose()
    }
}
