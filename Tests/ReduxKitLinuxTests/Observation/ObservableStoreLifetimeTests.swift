import Observation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// The model holds its store; the store holds the model only weakly; freeing
/// the model ends its subscription and frees the store it alone kept.
@MainActor
@Suite("Observable store: lifetime", .hangSafetyNet)
struct ObservableStoreLifetimeTests {
    static func core(of store: Store<ScreenState>) -> StoreCore<ScreenState> {
        store.backend as! StoreCore<ScreenState>
    }

    @Test func freeingTheModelEndsItsSubscriptionAndFreesTheStore() {
        weak var weakStore: Store<ScreenState>?
        weak var weakModel: ObservableStore<ScreenState>?
        var model: ObservableStore<ScreenState>? = {
            let store = createStore(screenReducer, ScreenState())
            weakStore = store
            return ObservableStore(store)
        }()
        weakModel = model
        // Tracked, so the registrar holds an observation of the model's fields.
        withObservationTracking {
            _ = model?.count
        } onChange: {
        }
        #expect(weakStore != nil)
        model = nil
        #expect(weakModel == nil)
        #expect(weakStore == nil)
    }

    @Test func theStoreDoesNotKeepTheModelAlive() {
        let store = createStore(screenReducer, ScreenState())
        weak var weakModel: ObservableStore<ScreenState>?
        do {
            let model = ObservableStore(store)
            weakModel = model
            #expect(Self.core(of: store).subscriberCount == 1)
            _ = model.binding(\.query, send: { ScreenAction.setQuery($0) })
        }
        #expect(weakModel == nil)
        #expect(Self.core(of: store).subscriberCount == 0)
        store.dispatch(ScreenAction.increment)
        #expect(store.state.count == 1)
    }

    @Test func freeingAModelOfASharedStoreFreesBoth() async {
        weak var weakShared: SharedStore<ScreenState>?
        weak var weakModel: ObservableStore<ScreenState>?
        var incrementElsewhere: (@Sendable () -> Void)?
        var model: ObservableStore<ScreenState>? = {
            let shared = SharedStore(createStore(screenReducer, ScreenState()))
            weakShared = shared
            incrementElsewhere = { [weak shared] in shared?.dispatch(ScreenAction.increment) }
            return ObservableStore(shared)
        }()
        weakModel = model
        let reader = TrackedReader { model?.count ?? -1 }
        let increment = incrementElsewhere!
        await onThreadsInBackground(1) { _ in increment() }
        await reader.waitForChange()
        model = nil
        #expect(weakModel == nil)
        // A delivery task still on its way keeps only the mailbox, not the store.
        #expect(weakShared == nil)
    }

    @Test func freeingAModelOfAScopedStoreDisposesItsParentSubscription() {
        let store = createStore(screenReducer, ScreenState())
        do {
            let user = ObservableStore(store.view(value: { $0.user }))
            #expect(Self.core(of: store).subscriberCount == 1)
            _ = user.name
        }
        #expect(Self.core(of: store).subscriberCount == 0)
    }
}
