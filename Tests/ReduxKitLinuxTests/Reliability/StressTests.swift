import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux

/// Everything at once, for the thread sanitizer (`.ci/run` runs the suite under
/// it), on a ``SharedStore``: threads dispatching to a store with middleware and
/// to a scoped store,
/// threads subscribing and disposing (plain, selective, scoped, through dispose
/// bags), a thread reading the state, a state stream consumed by a task, and a
/// subscriber that dispatches from inside every fiftieth round. Exact totals at
/// the end.
@Suite("Stress")
struct StressTests {
    struct Counts: Equatable, Sendable {
        var count = 0
        var echoes = 0
    }

    struct Tick: Action {}
    struct Echo: Action {}

    static func reducer(_ state: inout Counts, _ action: any Action) {
        if action is Tick { state.count += 1 }
        if action is Echo { state.echoes += 1 }
    }

    static let dispatchThreads = 4
    static let ticksPerThread = 5_000
    static var total: Int { dispatchThreads * ticksPerThread }

    @Test(.hangSafetyNet)
    func everythingAtOnce() async {
        let throughMiddleware = Counter()
        let counting: Middleware<Counts> = { _ in
            { next in
                { action in
                    throughMiddleware.increment()
                    return next(action)
                }
            }
        }
        let store = SharedStore(applyMiddleware([counting], to: createStore(Self.reducer, Counts())))
        let lastDigit = store.view(value: { $0.count % 10 })

        // Every count is delivered to this subscriber exactly once (only echoes
        // are dispatched from inside rounds, and they do not change the count),
        // so it echoes exactly total / 50 times.
        let echoOverlap = CrossThreadEntryDetector()
        store.subscribe { [weak store] state in
            echoOverlap.enter()
            defer { echoOverlap.leave() }
            if state.count % 50 == 0, state.count > 0, state.echoes < state.count / 50 {
                store?.dispatch(Echo())
            }
        }
        let repeatedDigits = Counter()
        let lastSeenDigit = Locked(-1)
        lastDigit.subscribe { digit in
            lastSeenDigit.withLock {
                if $0 == digit { repeatedDigits.increment() }
                $0 = digit
            }
        }

        let stream = store.states(bufferingPolicy: .unbounded)
        let consumer = Task { () -> (Bool, Int) in
            var previous = -1
            var ordered = true
            for await state in stream {
                if state.count < previous { ordered = false }
                previous = state.count
                if state.count == Self.total { break }
            }
            return (ordered, previous)
        }

        let readerViolations = Counter()
        let callsAfterDispose = Counter()
        let dispatchersDone = Counter()
        // Kept until the threads are done: a scoped shared store freed while
        // another thread dispatches disposes its parent subscriptions outside
        // the lock (a library bug, ScopedStoreBackend.deinit), which can stop
        // the process with "You may not dispose a store subscription while the
        // reducer is executing."
        let scopedStores = Locked<[SharedStore<Int>]>([])
        onThreads(Self.dispatchThreads + 3) { index in
            switch index {
            case 0..<Self.dispatchThreads:
                for step in 0..<Self.ticksPerThread {
                    // Half through the scoped store: its actions pass through to the parent.
                    if step % 2 == 0 { store.dispatch(Tick()) } else { lastDigit.dispatch(Tick()) }
                }
                dispatchersDone.increment()
            case Self.dispatchThreads:
                for round in 0..<400 {
                    let bag = DisposeBag()
                    let called = Flag()
                    let disposeReturned = Flag()
                    let watched = store.subscribe { _ in
                        called.set()
                        if disposeReturned.isSet { callsAfterDispose.increment() }
                    }
                    store.subscribe(select: { $0.count / 100 }) { _ in }.disposed(by: bag)
                    lastDigit.subscribe { _ in }.disposed(by: bag)
                    // Every other round, dispose only once a dispatch has reached `watched`.
                    if round % 2 == 0 {
                        while !called.isSet && dispatchersDone.count < Self.dispatchThreads { sched_yield() }
                    }
                    watched.dispose()
                    disposeReturned.set()
                }
            case Self.dispatchThreads + 1:
                for _ in 0..<300 {
                    let scoped = store.view(value: { $0.echoes })
                    scoped.subscribe { _ in }
                    _ = scoped.state
                    scopedStores.withLock { $0.append(scoped) }
                }
            default:
                var previous = 0
                for _ in 0..<5_000 {
                    let count = store.state.count
                    if count < previous { readerViolations.increment() }
                    previous = count
                }
            }
        }

        let final = store.state
        #expect(final == Counts(count: Self.total, echoes: Self.total / 50))
        #expect(throughMiddleware.count == Self.total + Self.total / 50)
        #expect(echoOverlap.overlaps.count == 0)
        #expect(repeatedDigits.count == 0)
        #expect(readerViolations.count == 0)
        #expect(callsAfterDispose.count == 0)
        let (ordered, last) = await consumer.value
        #expect(ordered)
        #expect(last == Self.total)
    }
}
