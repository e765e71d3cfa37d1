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

    /// A running tester, its standard output read line by line.
    final class Child {
        let process = Process()
        private let output = Pipe()
        private let errors = Pipe()
        private var buffer = Data()
        /// Everything read from standard output so far.
        private var transcript = Data()

        init(_ arguments: [String]) throws {
            process.executableURL = CrashTester.executable
            process.arguments = arguments
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        /// The next line of standard output; `nil` at its end.
        func readLine() -> String? {
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    return line
                }
                let more = output.fileHandleForReading.availableData
                if more.isEmpty { return nil }
                buffer.append(more)
                transcript.append(more)
            }
        }

        /// Kills the child with SIGKILL, as a crash or a power cut would stop it.
        func kill() {
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
        }

        /// Waits for the child to end, and reads what it has left to say.
        func waitForEnd() -> Ended {
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            let said = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Ended(
                status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
                output: String(decoding: transcript + rest, as: UTF8.self),
                errors: String(decoding: said, as: UTF8.self))
        }
    }
}

/// Runs `body` on a thread of its own (it blocks on child processes), and
/// returns what it returned, leaving the concurrency pool's threads free.
func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
