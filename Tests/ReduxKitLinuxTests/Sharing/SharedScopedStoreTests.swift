import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// `SharedStore.view`: a shared store for part of another, under the same lock,
/// that embeds its own actions in the parent's and skips unchanged values.
@Suite("Shared scoped store", .hangSafetyNet)
struct SharedScopedStoreTests {
    static let threads = 8
    static let dispatchesEach = 1_000

    private struct Parent: Equatable, Sendable {
        var count = 0
        var other = 0
    }

    private enum ChildAction: Action {
        case add(Int)
    }

    /// The parent's action that carries a child's action.
    private struct FromChild: Action {
        let child: ChildAction
    }

    /// Changes only the part of the parent no child sees.
    private struct TouchOther: Action {}

    /// A child state that is not `Equatable`.
    private struct Snapshot: Sendable {
        let count: Int
    }

    private static func parentReducer(_ state: Parent?, _ action: any Action) -> Parent {
        var state = state ?? Parent()
        switch action {
        case let action as FromChild:
            if case .add(let amount) = action.child { state.count += amount }
        case is TouchOther:
            state.other += 1
        default:
            break
        }
        return state
    }

    private static func makeChild(of shared: SharedStore<Parent>) -> SharedStore<Int> {
        shared.view(value: { $0.count }, action: { FromChild(child: $0) })
    }

    @Test func aChildsActionsAreEmbeddedInTheParentsAndOthersPassThrough() {
        let shared = SharedStore(createStore(Self.parentReducer, nil))
        let child = Self.makeChild(of: shared)
        #expect(child.dispatch(ChildAction.add(2)) is FromChild)
        #expect(shared.state == Parent(count: 2, other: 0))
        #expect(child.state == 2)
        #expect(child.dispatch(TouchOther()) is TouchOther)
        #expect(shared.state == Parent(count: 2, other: 1))
        #expect(child.getState() == 2)
    }

    @Test func childAndParentDispatchesFromThreadsAddUpExactly() {
        let shared = SharedStore(createStore(Self.parentReducer, nil))
        let child = Self.makeChild(of: shared)
        onThreads(Self.threads) { index in
            for _ in 0..<Self.dispatchesEach {
                if index % 2 == 0 {
                    child.dispatch(ChildAction.add(1))
                } else {
                    shared.dispatch(FromChild(child: .add(2)))
                }
            }
        }
        let expected = Self.threads / 2 * Self.dispatchesEach * 3
        #expect(shared.state.count == expected)
        #expect(child.state == expected)
    }

    @Test func aChildsSubscribersSkipUnchangedValues() {
        let shared = SharedStore(createStore(Self.parentReducer, nil))
        let child = Self.makeChild(of: shared)
        let childValues = Recorder<Int>()
        let overlap = CrossThreadEntryDetector()
        let childSubscription = child.subscribe { value in
            overlap.enter()
            defer { overlap.leave() }
            childValues.append(value)
        }
        let parentCalls = Counter()
        shared.subscribe { _ in parentCalls.increment() }
        onThreads(Self.threads) { index in
            for _ in 0..<Self.dispatchesEach {
                if index % 2 == 0 {
                    child.dispatch(ChildAction.add(1))
                } else {
                    shared.dispatch(TouchOther())
                }
            }
        }
        let changes = Self.threads / 2 * Self.dispatchesEach
        // Only the child's own changes reach it, each once, in order.
        #expect(childValues.values == Array(1...changes))
        #expect(parentCalls.count == Self.threads * Self.dispatchesEach)
        #expect(overlap.overlaps.count == 0)
        childSubscription.dispose()
        child.dispatch(ChildAction.add(1))
        #expect(childValues.count == changes)
    }

    @Test func aChildWhoseValueIsNotEquatableHearsOfEveryDispatch() {
        let shared = SharedStore(createStore(Self.parentReducer, nil))
        let snapshots = shared.view(value: { Snapshot(count: $0.count) })
        let calls = Counter()
        let outOfOrder = Counter()
        let last = Locked(0)
        snapshots.subscribe { snapshot in
            calls.increment()
            last.withLock {
                if snapshot.count < $0 { outOfOrder.increment() }
                $0 = snapshot.count
            }
        }
        onThreads(4) { index in
            for _ in 0..<Self.dispatchesEach {
                shared.dispatch(index % 2 == 0 ? TouchOther() : FromChild(child: .add(1)))
            }
        }
        #expect(calls.count == 4 * Self.dispatchesEach)
        #expect(outOfOrder.count == 0)
        #expect(snapshots.state.count == 2 * Self.dispatchesEach)
    }

    /// Issue 12, item 15, on a shared store: handles of a scoped shared store
    /// dropped without disposing, in rounds (new handles reuse freed ones'
    /// addresses); freeing the scoped store disposes every subscription.
    @Test func freeingAScopedSharedStoreDisposesSubscriptionsWhoseHandlesWereDropped() {
        let shared = SharedStore(createStore(Self.parentReducer, nil))
        let calls = Counter()
        var child: SharedStore<Int>? = Self.makeChild(of: shared)
        let rounds = 2
        let handlesEachRound = 1_000
        for _ in 0..<rounds {
            var handles: [any ReduxDisposable & Sendable] = []
            for _ in 0..<handlesEachRound {
                handles.append(child!.subscribe { _ in calls.increment() })
            }
            handles.removeAll()
        }
        #expect(shared.withStore { $0.core?.subscriberCount } == rounds * handlesEachRound)
        shared.dispatch(FromChild(child: .add(1)))
        #expect(calls.count == rounds * handlesEachRound)
        child = nil
        #expect(shared.withStore { $0.core?.subscriberCount } == 0)
        shared.dispatch(FromChild(child: .add(1)))
        #expect(calls.count == rounds * handlesEachRound)
    }

    /// Runs in a child process (a regression would crash it): scoped shared
    /// stores, with subscriptions, dropped on one thread while others dispatch
    /// to the parent. Freeing a scoped shared store frees its scoped store,
    /// whose backend disposes its parent subscriptions; the shared store does
    /// that with its lock held, so it cannot race with a dispatch (it used to,
    /// stopping with "You may not dispose a store subscription while the
    /// reducer is executing.").
    @Test func scopedStoresDroppedWhileOthersDispatchLeaveNothingBehind() async {
        await #expect(processExitsWith: .success) {
            exitIfStillRunning()
            let shared = SharedStore(createStore(Self.parentReducer, nil))
            let dispatchers = 4
            let scopers = 2
            let rounds = 300
            onThreads(dispatchers + scopers) { index in
                if index < dispatchers {
                    for _ in 0..<Self.dispatchesEach { shared.dispatch(FromChild(child: .add(1))) }
                    return
                }
                for _ in 0..<rounds {
                    // Subscribed through a scoped store that is then dropped
                    // without disposing: freeing it disposes its subscriptions.
                    let child = Self.makeChild(of: shared)
                    child.subscribe { _ in }
                    child.subscribe(includingCurrentState: true) { _ in }
                    child.dispatch(TouchOther())
                }
            }
            let expected = Parent(count: dispatchers * Self.dispatchesEach, other: scopers * rounds)
            precondition(shared.state == expected, "lost dispatches")
            precondition(shared.withStore { $0.core?.subscriberCount } == 0, "subscriptions left behind")
        }
    }
}
