import Foundation

/// When an action log moves its file aside and starts a new one, and how many
/// of the old ones it keeps, so a long-running server's log stays bounded.
///
/// With `ActionLogRotation(maxBytes: 50_000_000, keep: 3)`, once `log.jsonl`
/// reaches 50 MB it becomes `log.jsonl.1` (the previous `.1` becomes `.2`,
/// and so on; `.3` is deleted), and a new `log.jsonl` starts. The log then
/// takes at most about `maxBytes × (keep + 1)`, plus the lines written between
/// the file reaching `maxBytes` and the next action.
///
/// Rotation happens between two actions, never inside a line: when a session
/// starts on a file already over the size, and in the middle of a session after
/// the action that took it over. A file started in the middle of a session
/// begins with a continuation header holding the state at that point (when
/// the state is `Encodable`; it is encoded once, in the dispatch after the
/// file filled up), so each file replays on its own, and the files read
/// together (``ActionLogSessions/read(at:)``, replays) are one log.
///
/// A rotated file keeps its permissions (it is renamed), and the new file gets
/// those of the file rotated away: `0600` for a log the ``ActionLog`` created,
/// or whatever mode you gave the log.
public struct ActionLogRotation: Sendable, Equatable {
    /// The size at which the file is rotated, in bytes.
    public let maxBytes: Int
    /// How many rotated files are kept (`0`: the old file is deleted).
    public let keep: Int

    /// What a log rotates by when it is not told otherwise: 64 MB files, the
    /// newest 4 of the old ones kept, so a log takes at most about 320 MB
    /// however long it runs (decision record 0013 says why).
    public static let standard = ActionLogRotation(maxBytes: 64_000_000, keep: 4)

    /// Creates a rotation policy.
    ///
    /// - Parameters:
    ///   - maxBytes: The size at which the file is rotated (at least 1).
    ///   - keep: How many rotated files to keep (at least 0).
    public init(maxBytes: Int, keep: Int) {
        guard maxBytes >= 1 else { Misuse.fail(DevtoolsMisuse.actionLogRotationSize) }
        guard keep >= 0 else { Misuse.fail(DevtoolsMisuse.actionLogRotationKeep) }
        self.maxBytes = maxBytes
        self.keep = keep
    }

    /// The rotated file `index` of the log at `url` (`url.1` is the newest).
    static func rotatedFile(_ url: URL, _ index: Int) -> URL {
        URL(fileURLWithPath: url.path + ".\(index)")
    }
}

/// How soon an action log's lines reach the file, and then the disk: what a
/// crash can cost, against what a dispatch pays (measured in
/// `Docs/Performance.md`).
///
/// A line in the file survives the process being killed (`kill -9`, a
/// crash); only a line the system has written to the disk (`fsync`) survives
/// a power cut or a kernel panic.
public enum ActionLogDurability: Sendable, Equatable {
    /// The log's thread writes lines as they come, usually within microseconds
    /// of the dispatch; a killed process loses the lines not yet written (at
    /// most what it dispatched in its last moments). Nothing is written on the
    /// dispatching thread. The default.
    case buffered
    /// Each dispatch returns once its line is in the file: a killed process
    /// loses nothing it dispatched. The dispatching thread encodes and writes
    /// the line (a system call per dispatch).
    case eachAction
    /// ``buffered``, and the file is written to the disk at most `every` after
    /// a line: a power cut loses at most about that much.
    case synced(every: Duration)
    /// Each dispatch returns once its line is on the disk (an `fsync` per
    /// dispatch): nothing dispatched is lost even to a power cut.
    case syncedEachAction
}
