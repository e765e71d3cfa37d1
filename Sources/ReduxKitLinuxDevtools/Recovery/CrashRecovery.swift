import Foundation

/// ``Persistence`` and an ``ActionLog`` together: a store that restarts after
/// a crash (even `kill -9`) gets the state it had after its last logged
/// action, not only the last saved one.
///
/// ```swift
/// let persistence = Persistence<AppState>(file: stateFile, version: 2)
/// let log = ActionLog<AppState>(registry: registry, file: logFile, version: 2, durability: .eachAction)
/// let recovery = CrashRecovery(persistence: persistence, log: log)
/// let store = createStore(appReducer, nil, recovery.enhancer)
/// print(recovery.report!)  // "recovered from the saved state and 196 logged entries after it"
/// ```
///
/// How: each saved state records the log entries it includes (the session and
/// the count, as `"log"` in the state file), and the log is written before
/// every save, so a saved state never gets ahead of the log. At the store's
/// creation, recovery takes the newest state it has (the saved one, or one
/// the log recorded: a session's starting state, a rotated file's
/// continuation, a jump), then feeds the entries logged after it to the
/// store's reducer, and the store starts from the result. The log then starts
/// a session whose header holds that state and says how it was made
/// (``ActionLogSession/recovered``). A torn last line (the action being
/// written when the process died) is left out: its action never reached the
/// file whole. Nothing older than the last whole logged action is restored.
///
/// Start-up costs what it replays, not the log's size: each saved state also
/// records where the log's writer stood (its `"place"`), so recovery seeks
/// there and reads only the lines after it; without one, it reads the files
/// from their end back to the newest state it can start from
/// (``CrashRecoveryReport/logBytesRead`` says how much it read). The
/// recovered state is saved at once, naming the new session.
///
/// What a crash can lose is the log's ``ActionLogDurability``: with
/// ``ActionLogDurability/eachAction`` nothing a dispatch returned from; with
/// the default ``ActionLogDurability/buffered``, the actions of the last
/// moments the writer had not written yet. Replay needs every action type the
/// reducer sees in the registry; recovery stops at an entry it cannot replay
/// and says so in ``CrashRecoveryReport/stoppedEarly``.
///
/// Use the recovery's enhancer in place of the persistence's and the log's
/// (not with them). One `CrashRecovery` recovers one store.
public final class CrashRecovery<State: Codable & Sendable>: Sendable {
    /// The state file's keeper.
    public let persistence: Persistence<State>
    /// The action log.
    public let log: ActionLog<State>
    private let outcome = Locked<(attached: Bool, report: CrashRecoveryReport?)>((false, nil))

    /// Combines `persistence` and `log` for crash recovery; nothing is read
    /// until the store is created.
    ///
    /// - Parameters:
    ///   - persistence: Keeps the state file (its version is the state's version).
    ///   - log: Records every action; give it the same version.
    public init(persistence: Persistence<State>, log: ActionLog<State>) {
        self.persistence = persistence
        self.log = log
    }

    /// What recovery did, once the store is created.
    public var report: CrashRecoveryReport? {
        outcome.withLock { $0.report }
    }

    /// The enhancer to create the store with: it recovers the state, then
    /// logs and saves the store's changes.
    public var enhancer: StoreEnhancer<State> {
        { next in
            { reducer, state in
                let alreadyAttached = self.outcome.withLock { outcome in
                    defer { outcome.attached = true }
                    return outcome.attached
                }
                if alreadyAttached { Misuse.fail(DevtoolsMisuse.crashRecoveryKeepsOneStore) }
                let (recovered, report) = self.recover(reducer: reducer)
                let store = next(reducer, recovered ?? state)
                guard let core = store.core else { Misuse.fail(DevtoolsMisuse.actionLogNeedsARootStore) }
                self.attach(to: core, note: ActionLogRecoveryNote(report))
                self.outcome.withLock { $0.report = report }
                return store
            }
        }
    }

    /// Restores the saved state and replays the log after it, reading only
    /// the log's tail (``CrashRecoveryTail``).
    private func recover(reducer: @escaping Reducer<State>) -> (State?, CrashRecoveryReport) {
        let clock = ContinuousClock()
        let began = clock.now
        let (saved, marker) = persistence.attachRestoring()
        let meter = ActionLogReadMeter()
        let plan: CrashRecoveryPlan<State>
        do {
            let tail = try CrashRecoveryTail(
                at: log.file, saved: saved == nil ? nil : marker, version: persistence.version, meter: meter)
            plan = CrashRecoveryPlan(
                saved: saved, marker: marker, log: tail.log, numbering: tail.numbering, registry: log.registry,
                version: persistence.version, reducer: reducer)
        } catch {
            plan = CrashRecoveryPlan(saved: saved, stoppedEarly: "the log cannot be read: \(error)")
        }
        let report = CrashRecoveryReport(
            start: plan.start, replayed: plan.replayed, cut: plan.cut, stoppedEarly: plan.stoppedEarly,
            duration: clock.now - began, logBytesRead: meter.bytes)
        return (plan.state, report)
    }

    /// Starts the log's session and saves each state with the log position it
    /// follows. The recovered state is saved at once, as a change would be,
    /// even when it is the saved one: the state file then names the new
    /// session, so the next start reads only what this one logs.
    private func attach(to core: StoreCore<State>, note: ActionLogRecoveryNote) {
        log.attach(to: core, recovered: note)
        guard let recorder = log.activeRecorder else { return }
        let (persistence, changes, session) = (persistence, persistence.changes, recorder.session)
        changes.changed(core.getState(), marker: PersistenceLogMarker(session: session, entry: 0))
        // After the log's observer: the recorder has counted the entry.
        core.observe(
            reduced: { _, state in
                changes.changed(state, marker: PersistenceLogMarker(session: session, entry: recorder.recordedEntries))
                withExtendedLifetime(persistence) {}  // the store keeps its Persistence, as its enhancer does
            },
            jumped: { state in
                changes.changed(state, marker: PersistenceLogMarker(session: session, entry: recorder.recordedEntries))
            })
        let log = self.log
        persistence.writer.beforeEachWrite { log.flushForSave() }
    }
}

extension ActionLogRecoveryNote {
    /// The note a session's header keeps of `report`.
    init(_ report: CrashRecoveryReport) {
        let from =
            switch report.start {
            case .savedState: "saved"
            case .loggedState: "log"
            case .defaultState: "none"
            }
        self.init(from: from, replayed: report.replayed)
    }
}
