import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// A store inbox's queue of posted actions: each taken once, oldest first,
/// whatever the threads posting them; a burst is taken whole.
@Suite("Store inbox")
struct StoreInboxTests {
    /// An action posted by thread `thread`, its `index`-th.
    struct Posted: Action {
        let thread: Int
        let index: Int
    }

    /// A route that records the actions applied through it.
    final class RecordingRoute: InboxRoute {
        let applied = Recorder<Posted>()
        func applyPosted(_ action: any Action) { applied.append(action as! Posted) }
        func publishSnapshot() {}
    }

    @Test func aBurstIsAppliedInTheOrderItWasPosted() {
        let inbox = StoreInbox()
        let route = RecordingRoute()
        #expect(!inbox.hasPosted && inbox.takeOldest() == nil)
        for index in 0..<50_000 { inbox.post(Posted(thread: 0, index: index), through: route) }
        #expect(inbox.hasPosted)
        inbox.applyPosted()
        #expect(!inbox.hasPosted)
        #expect(route.applied.values.map(\.index) == Array(0..<50_000))
    }

    /// What applying an action posts comes after the actions already waiting.
    @Test func whatApplyingPostsComesAfterWhatWaits() {
        final class Reposting: InboxRoute {
            let inbox: StoreInbox
            let applied = Recorder<Int>()
            init(inbox: StoreInbox) { self.inbox = inbox }
            func applyPosted(_ action: any Action) {
                let posted = action as! Posted
                applied.append(posted.index)
                if posted.index < 3 { inbox.post(Posted(thread: 0, index: posted.index + 10), through: self) }
            }
            func publishSnapshot() {}
        }
        let inbox = StoreInbox()
        let route = Reposting(inbox: inbox)
        for index in 0..<3 { inbox.post(Posted(thread: 0, index: index), through: route) }
        inbox.applyPosted()
        #expect(route.applied.values == [0, 1, 2, 10, 11, 12])
    }

    /// Eight threads post at once while the owner takes: every action is taken
    /// once, and each thread's actions come in the order that thread posted them.
    @Test(arguments: 0..<5)
    func postsFromManyThreadsAreEachTakenOnceInEachThreadsOrder(repetition: Int) {
        let inbox = StoreInbox()
        let route = RecordingRoute()
        let (threads, perThread) = (8, 2_000)
        let taken = Locked<[Posted]>([])
        onThreads(threads + 1) { thread in
            if thread == threads {  // the owner, taking until it has taken every post
                var mine: [Posted] = []
                while mine.count < threads * perThread {
                    if let posted = inbox.takeOldest() { mine.append(posted.action as! Posted) }
                }
                taken.withLock { $0 = mine }
            } else {
                for index in 0..<perThread { inbox.post(Posted(thread: thread, index: index), through: route) }
            }
        }
        #expect(!inbox.hasPosted && inbox.takeOldest() == nil)
        for thread in 0..<threads {
            #expect(taken.withLock { $0 }.filter { $0.thread == thread }.map(\.index) == Array(0..<perThread))
        }
    }
}
