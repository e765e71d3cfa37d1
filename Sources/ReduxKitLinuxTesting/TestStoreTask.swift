import ReduxKitLinux
import ReduxKitLinuxEffects

/// The effects one untyped `TestStore.dispatch(_:assert:fileID:filePath:line:column:)`
/// started, to cancel or wait for (TCA's `TestStoreTask`): the listener runs
/// and async thunk runs the action started inside its dispatch.
///
/// ```swift
/// let timer = test.dispatch(Toggle()) { $0.isTimerActive = true }   // a listener starts ticking
/// clock.advance(by: .seconds(1))
/// await test.receive(Tick.self) { $0.secondsElapsed = 1 }
/// timer.cancel()                 // ends the listener's run, and the forks it started
/// await timer.finish()           // returns once it has ended
/// await test.finish()
/// ```
///
/// Effects those effects start (a fork, an async thunk a listener
/// dispatches) belong to them: cancelling the run cancels them too.
public struct TestStoreTask: Sendable {
    /// What the store's dispatch returned (for an async thunk's action, the
    /// untyped run; the typed `dispatch` of an async thunk's action gives its
    /// handle).
    public let returned: any Action
    private let entries: [EffectCollector.Entry]
    /// The test store's `onFailure`, if it has one.
    private let onFailure: (@Sendable (String) -> Void)?

    init(returned: any Action, collected: EffectCollector, onFailure: (@Sendable (String) -> Void)?) {
        self.returned = returned
        entries = collected.entries
        self.onFailure = onFailure
    }

    /// How many effects the dispatch started.
    public var effectCount: Int { entries.count }

    /// Cancels the effects the dispatch started.
    public func cancel() {
        for entry in entries { entry.cancel() }
    }

    /// Waits until the effects the dispatch started have ended. If a
    /// `timeout` is given and they have not ended within it (wall-clock
    /// time), or if they do not end within the test store's hang net
    /// (``TestStore/hangNet``: they wait for something that never comes),
    /// fails the test saying so and returns.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait at most, on the wall clock; `nil` (the
    ///     default) waits until they end.
    ///   - fileID: Where the wait is (filled in for you), as `#fileID` gives it.
    ///   - filePath: The same, as `#filePath` gives it.
    ///   - line: The same line.
    ///   - column: The same column.
    public func finish(
        timeout: Duration? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let entries = entries
        let limit = timeout ?? defaultHangNet
        // Unstructured tasks, not a group: awaiting an effect's task does not
        // end when the waiter is cancelled, and a group waits for its children.
        let ended = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let pending = Locked<CheckedContinuation<Bool, Never>?>(continuation)
            let answer: @Sendable (Bool) -> Void = { ended in
                pending.withLock { pending in
                    defer { pending = nil }
                    return pending
                }?.resume(returning: ended)
            }
            let deadline = Task {
                await sleepUnlessCancelled(on: ContinuousClock(), for: limit)
                answer(false)
            }
            Task {
                for entry in entries { await entry.ended() }
                answer(true)
                deadline.cancel()
            }
        }
        guard !ended else { return }
        let message = TestStoreFailure.taskNotFinished(returned.type, effects: entries.count, within: limit)
        if let onFailure {
            onFailure(message)
        } else {
            failTest(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }
}
