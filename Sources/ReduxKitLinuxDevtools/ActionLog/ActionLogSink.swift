import Foundation
import Synchronization

/// The writer of one action log file: the store's domain appends entries to a
/// buffer, and a thread of the log's own encodes them and writes them, in
/// order, so nothing is encoded or written while the store's code runs.
///
/// ``drain()`` writes everything appended so far, and returns when it is in
/// the file (handed to the system: it survives the process being killed, not a
/// power failure). The writer thread drains whenever there is something to
/// write; ``ActionLog/flush()``, replaying the file, freeing the log and the
/// process's normal exit (see ``ActionLogSinks``) drain too. Draining is
/// serialised by `io`, and each drain takes the whole buffer, so lines are
/// written in the order the entries were appended.
///
/// The buffer is bounded: a store that outruns the writer by
/// ``backlogLimit`` entries waits for it, so memory stays flat.
final class ActionLogSink: @unchecked Sendable {
    // Why no race is possible: the fields under "condition" are used only with
    // `condition` locked, those under "io" only with `io` locked (a drain locks
    // `io`, then `condition` briefly inside it; nothing locks them the other way
    // round). `NSCondition` and `NSLock` are pthread-based, which the thread
    // sanitizer understands. The entries are `Sendable`. Those locks are what
    // keeps accesses exclusive, so the `var`s skip the run-time checks.

    /// How many entries may wait for the writer before the store waits too.
    static let backlogLimit = 1 << 16
    /// How many bytes the writer formats before it writes them.
    static let chunkSize = 1 << 16

    // MARK: condition
    private let condition = NSCondition()
    @exclusivity(unchecked) private var pending: [ActionLogEntry] = []
    @exclusivity(unchecked) private var writerWaiting = false
    @exclusivity(unchecked) private var producerWaiting = false
    @exclusivity(unchecked) private var closing = false
    @exclusivity(unchecked) private var finished = false
    @exclusivity(unchecked) private var suspended = false

    // MARK: io
    private let io = NSLock()
    @exclusivity(unchecked) private var file: ActionLogFile
    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var batch: [ActionLogEntry] = []
    @exclusivity(unchecked) private var lines: ActionLogLines

    /// The writer's thread, joined by ``close()``; set once, in `init`, before
    /// the sink is handed to anyone.
    private var writerThread: ActionLogWriterThread?

    /// Whether the last write took the file past the rotation size: the
    /// recorder's next action then asks for a new file (a continuation header
    /// holding the state, which only the store's domain can encode).
    let rotationWanted = Atomic<Bool>(false)
    /// Whether ``ActionLogLines/numbering`` was read (under `io`).
    @exclusivity(unchecked) private var numbered = false
    /// Where the last line written sits in the current file (under `io`).
    @exclusivity(unchecked) private var tracker = ActionLogPlaceTracker()
    /// When the file was last written to the disk, for ``ActionLogDurability/synced(every:)`` (under `io`).
    @exclusivity(unchecked) private var lastSync = ContinuousClock.now
    /// Whether lines were written since the last `fsync` (under `io`).
    @exclusivity(unchecked) private var unsynced = false

    /// The file's identity, so a replay of the same file can drain this writer first.
    let identity: ActionLogFile.Identity
    private let url: URL
    private let rotation: ActionLogRotation?
    private let syncInterval: Duration?
    private let onError: @Sendable (any Error) -> Void

    /// Starts a writer on `file`, already opened and locked.
    init(
        file: ActionLogFile, registry: ActionRegistry, rotation: ActionLogRotation?, durability: ActionLogDurability,
        recordsStateChanges: Bool, onError: @escaping @Sendable (any Error) -> Void
    ) {
        self.file = file
        self.identity = file.identity
        self.url = file.url
        self.rotation = rotation
        if case .synced(let every) = durability { syncInterval = max(every, .zero) } else { syncInterval = nil }
        self.onError = onError
        self.lines = ActionLogLines(registry: registry, file: file.url, recordsStateChanges: recordsStateChanges)
        if file.endedTorn {
            // The torn line ends here, so the next header starts a line of its own.
            lines.output.append(UInt8(ascii: "\n"))
            lines.previousLineTorn = true
        }
        ActionLogSinks.register(self)
        writerThread = ActionLogWriterThread { [self] in
            Thread.current.name = "ReduxKitLinux action log"
            runWriter()
        }
    }

    /// Adds `entry` to the buffer: a lock, an append and, when the writer is
    /// idle, a wake-up. Waits only when the writer is ``backlogLimit`` behind.
    func append(_ entry: ActionLogEntry) {
        condition.lock()
        pending.append(entry)
        if writerWaiting {
            writerWaiting = false
            condition.broadcast()
        }
        while pending.count >= Self.backlogLimit && !finished && !suspended {
            producerWaiting = true
            // Wakes the writer, and a test waiting to see the store wait.
            condition.broadcast()
            condition.wait()
        }
        condition.unlock()
    }

    /// Encodes and writes every entry appended before the call; returns when
    /// they are in the file (and, with `sync`, on the disk). Errors go to
    /// `onError` after the lock is released. The writer's thread passes
    /// `byWriter`: it then takes nothing while a test holds it suspended (it may
    /// have been woken before the test suspended it).
    func drain(sync: Bool = false, byWriter: Bool = false) {
        var failures: [ActionLogWriteError] = []
        io.lock()
        condition.lock()
        if byWriter && suspended && !closing {
            condition.unlock()
            io.unlock()
            return
        }
        swap(&pending, &batch)
        if producerWaiting {
            producerWaiting = false
            condition.broadcast()
        }
        condition.unlock()
        if !numbered {
            // Before the first line: the file is as it was opened (this writer holds its lock).
            numbered = true
            lines.numbering = ActionLogWriterNumbering.read(at: url)
        }
        for entry in batch {
            if case .header(let header) = entry.kind { rotateIfNeeded(before: header, &failures) }
            let start = file.size + lines.output.count
            if let failure = lines.append(entry) { failures.append(failure) }
            tracker.wrote(entry.kind, from: start, to: file.size + lines.output.count)
            if lines.output.count >= Self.chunkSize { write(&failures) }
        }
        if !lines.output.isEmpty { write(&failures) }
        batch.removeAll(keepingCapacity: true)
        if sync || syncDue() { syncFile(&failures) }
        io.unlock()
        for failure in failures { onError(failure) }
    }

    /// ``drain(sync:byWriter:)``, then where the last line written sits: what a
    /// saved state records beside the entries it includes (``ActionLogPlace``).
    func drainForSave(sync: Bool) -> ActionLogPlace? {
        drain(sync: sync)
        io.lock()
        defer { io.unlock() }
        return tracker.place
    }

    /// Writes the formatted lines (with `io` locked); after a failure, writes
    /// nothing more.
    private func write(_ failures: inout [ActionLogWriteError]) {
        defer { lines.output.removeAll(keepingCapacity: true) }
        guard !stopped else { return }
        do {
            try file.append(lines.output)
            unsynced = true
            if let rotation, file.size >= rotation.maxBytes { rotationWanted.store(true, ordering: .relaxed) }
        } catch {
            stopped = true
            tracker.broken = true
            failures.append(ActionLogWriteError(file: url, reason: error))
        }
    }

    /// Before a header (with `io` locked): a continuation header goes in a new
    /// file; a session's header does when the file is already over the size.
    private func rotateIfNeeded(before header: ActionLogHeaderLine, _ failures: inout [ActionLogWriteError]) {
        guard let rotation, !stopped, header.continues || file.size + lines.output.count >= rotation.maxBytes
        else { return }
        if !lines.output.isEmpty { write(&failures) }
        if syncInterval != nil { syncFile(&failures) }
        do {
            try file.rotate(keeping: rotation.keep)
            tracker.rotated()
            lines.numbering?.lines = 0
        } catch {
            stopped = true
            tracker.broken = true
            failures.append(ActionLogWriteError(file: url, reason: error))
        }
    }

    /// Whether a ``ActionLogDurability/synced(every:)`` sync is due (with `io` locked).
    private func syncDue() -> Bool {
        guard let syncInterval, unsynced else { return false }
        return ContinuousClock.now >= lastSync.advanced(by: syncInterval)
    }

    /// Writes the file to the disk (with `io` locked).
    private func syncFile(_ failures: inout [ActionLogWriteError]) {
        guard unsynced, !stopped else { return }
        do {
            try file.sync()
        } catch {
            failures.append(ActionLogWriteError(file: url, reason: error))
        }
        unsynced = false
        lastSync = .now
        syncs += 1
    }

    /// How many times the file was written to the disk (under `io`).
    @exclusivity(unchecked) private var syncs = 0

    /// For tests: how many times the file was written to the disk.
    var syncCountForTesting: Int {
        io.lock()
        defer { io.unlock() }
        return syncs
    }

    /// How long the idle writer may sleep before a sync is due: `nil` for no limit.
    private func syncWait() -> Date? {
        guard let syncInterval else { return nil }
        io.lock()
        defer { io.unlock() }
        guard unsynced else { return nil }
        let left = lastSync.advanced(by: syncInterval) - .now
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        return Date(timeIntervalSinceNow: max(seconds, 0))
    }

    private func runWriter() {
        while true {
            let syncBy = syncWait()
            condition.lock()
            while (pending.isEmpty || suspended) && !closing {
                writerWaiting = true
                if let syncBy {
                    // Lines wait for their sync: wake for it, even with nothing new.
                    if !condition.wait(until: syncBy) { break }
                } else {
                    condition.wait()
                }
            }
            writerWaiting = false
            let stop = closing
            condition.unlock()
            drain(byWriter: true)
            if stop { break }
        }
        io.lock()
        var failures: [ActionLogWriteError] = []
        if syncInterval != nil { syncFile(&failures) }
        file.release()
        io.unlock()
        for failure in failures { onError(failure) }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Writes what is left, stops the writer and closes the file (releasing
    /// its lock); returns when all that is done.
    func close() {
        ActionLogSinks.unregister(self)
        condition.lock()
        closing = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
        writerThread?.join()
    }

    /// For tests: waits (up to `timeout`) until a store waits for the writer,
    /// and returns how many entries are waiting then; `nil` if none did.
    func pendingWhenAStoreWaitsForTesting(timeout: TimeInterval = 60) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !producerWaiting {
            if !condition.wait(until: deadline) { return nil }
        }
        return pending.count
    }

    /// For tests: while suspended, the writer thread writes nothing (``drain()``
    /// still does), and the store never waits for it.
    func setSuspendedForTesting(_ isSuspended: Bool) {
        condition.lock()
        suspended = isSuspended
        condition.broadcast()
        condition.unlock()
    }
}
