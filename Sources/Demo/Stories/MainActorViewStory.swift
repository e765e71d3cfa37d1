import Foundation
import ReduxKitLinux

/// A main-actor view fed by background work: a `@MainActor` view model follows
/// a `SharedStore` through an isolated subscriber while two detached tasks
/// dispatch 500 increments each. The view prints what it shows before the work
/// and once the last state has arrived; how many updates it saw in between
/// depends on timing (deliveries are coalesced, newest first), so that is not
/// printed, only what always holds.
enum MainActorViewStory {
    struct Increment: Action {}

    static func counter(_ state: Int?, _ action: any Action) -> Int {
        (state ?? 0) + (action is Increment ? 1 : 0)
    }

    /// Marks the main dispatch queue, the main actor's executor, so code can ask
    /// whether it runs there without stopping the process if not. (On Linux,
    /// once top-level code has awaited, the main queue runs on a worker thread,
    /// so `Thread.isMainThread` cannot tell.)
    static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main actor's executor.
    static var onMainActor: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// What a screen would hold: the text it shows, changed only on the main actor.
    @MainActor
    final class CounterViewModel {
        private(set) var text = ""
        /// Whether every update ran on the main actor's executor.
        private(set) var everyUpdateOnMainActor = true
        /// Whether each update showed a larger count than the one before.
        private(set) var onlyForward = true
        private var shown: Int?
        private var subscription: (any ReduxDisposable & Sendable)?
        private var waiting: (count: Int, continuation: CheckedContinuation<Void, Never>)?

        init(store: SharedStore<Int>) {
            subscription = store.subscribe(
                isolated: { @MainActor [weak self] count in self?.show(count) },
                includingCurrentState: true)
        }

        private func show(_ count: Int) {
            MainActor.assertIsolated()
            everyUpdateOnMainActor = everyUpdateOnMainActor && MainActorViewStory.onMainActor
            if let shown, count <= shown { onlyForward = false }
            shown = count
            text = "view shows \(count)"
            if let waiting, waiting.count == count {
                self.waiting = nil
                waiting.continuation.resume()
            }
        }

        /// Returns once the view shows `count`.
        func waitUntilShowing(_ count: Int) async {
            if shown == count { return }
            await withCheckedContinuation { waiting = (count, $0) }
        }

        /// Stops following the store.
        func unbind() {
            subscription?.dispose()
            subscription = nil
        }
    }

    @MainActor
    static func run() async {
        printStoryTitle("A main-actor view fed by background work")
        let store = SharedStore(createStore(counter, nil))
        let view = CounterViewModel(store: store)
        // The current state arrives on the main actor first; the work starts once it is shown,
        // so no update can replace it before the view prints it.
        await view.waitUntilShowing(0)
        print(view.text)

        let tasks = 2
        let perTask = 500
        let work = (0..<tasks).map { _ in
            Task.detached { () -> Bool in
                for _ in 0..<perTask { store.dispatch(Increment()) }
                return !onMainActor
            }
        }
        var offMainActor = true
        for task in work { offMainActor = await task.value && offMainActor }
        print("\(tasks) background tasks dispatched \(tasks * perTask) increments off the main actor: \(offMainActor)")

        await view.waitUntilShowing(tasks * perTask)
        print(view.text)
        print("every update ran on the main actor: \(view.everyUpdateOnMainActor)")
        print("updates only moved forward: \(view.onlyForward)")
        view.unbind()
        print("store state: \(store.state)")
    }
}
