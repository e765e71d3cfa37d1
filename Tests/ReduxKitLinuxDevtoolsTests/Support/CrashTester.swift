import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `Sources/PersistenceCrashTester` (built beside the test binary) as a
/// child process, for the tests that kill a process mid-save or let it end.
enum CrashTester {
    /// The executable, next to the running test binary (whatever the scratch path).
    static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("PersistenceCrashTester")
    }

    /// What an ended child did.
    struct Ended: Sendable {
        let status: Int32
        let killed: Bool
        let output: String
        let errors: String
    }

    /// Runs the tester with `arguments` to its end.
    static func run(_ arguments: [String]) throws -> Ended {
        let child = try Child(arguments)
        return child.waitForEnd()
    }

    /// The state the tester saves, as it defines it.
    struct CrashState: Codable, Equatable, Sendable {
        var count = 0
        var writer = ""
        var payload = ""

        static func payload(for count: Int) -> String {
            String(repeating: "\(count),", count: 200_000)
        }

        /// Whether this is a state the tester made: its payload matches its count.
        var isWhole: Bool { payload == Self.payload(for: count) }
    }

    /// The state saved in `file`.
    static func saved(in file: URL) throws -> CrashState {
        struct Saved: Decodable {
            let version: Int
            let state: CrashState
        }
        return try JSONDecoder().decode(Saved.self, from: Data(contentsOf: file)).state
    }

    /// A running tester, its standard output read line by line. Started with
    /// `posix_spawn` rather than Foundation's `Process`, which keeps a
    /// reference of its own past the child's end (the leak sanitizer sees it).
    final class Child {
        private let pid: pid_t
        private let output: Int32
        private let errors: Int32
        private var buffer: [UInt8] = []
        /// Everything read from standard output so far.
        private var transcript: [UInt8] = []

        init(_ arguments: [String]) throws {
            // Socket pairs made close-on-exec at once (Swift does not import pipe2): a child
            // spawned meanwhile by another test must not inherit them, or no end of file
            // would come before that child ended too.
            var output: [Int32] = [-1, -1]
            var errors: [Int32] = [-1, -1]
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            guard socketpair(AF_UNIX, type, 0, &output) == 0, socketpair(AF_UNIX, type, 0, &errors) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
            let path = CrashTester.executable.path
            let argv = ([path] + arguments).map { strdup($0) } + [nil]
            let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for pointer in argv + environment { free(pointer) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, path, &actions, nil, argv, environment)
            close(output[1])
            close(errors[1])
            guard spawned == 0 else {
                close(output[0])
                close(errors[0])
                throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)
            }
            self.pid = pid
            self.output = output[0]
            self.errors = errors[0]
        }

        deinit {
            close(output)
            close(errors)
        }

        /// Reads what `descriptor` has (waiting for some); empty at its end.
        private static func read(_ descriptor: Int32) -> [UInt8] {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                return count > 0 ? Array(chunk[..<count]) : []
            }
        }

        /// The next line of standard output; `nil` at its end.
        func readLine() -> String? {
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    return line
                }
                let more = Self.read(output)
                if more.isEmpty { return nil }
                buffer += more
                transcript += more
            }
        }

        /// Kills the child with SIGKILL, as a crash or a power cut would stop it.
        func kill() {
            _ = Glibc.kill(pid, SIGKILL)
        }

        /// Waits for the child to end, and reads what it has left to say.
        func waitForEnd() -> Ended {
            while case let more = Self.read(output), !more.isEmpty { transcript += more }
            var said: [UInt8] = []
            while case let more = Self.read(errors), !more.isEmpty { said += more }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            // WIFSIGNALED and WEXITSTATUS, which Swift does not import.
            let signal = status & 0x7f
            let killed = signal != 0 && signal != 0x7f
            return Ended(
                status: killed ? signal : (status >> 8) & 0xff, killed: killed,
                output: String(decoding: transcript, as: UTF8.self), errors: String(decoding: said, as: UTF8.self))
        }
    }
}
