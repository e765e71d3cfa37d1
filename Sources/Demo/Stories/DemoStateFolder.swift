import Foundation

/// The folder the Devtools story keeps its saved state and action log in.
///
/// `--state-dir PATH` (or `--state-dir=PATH`) names it, else
/// `$REDUXKIT_DEMO_STATE_DIR`; a folder named either way is created if needed
/// and kept, so a later run given the same one restores what this run saved.
/// With neither, the story gets a new temporary folder of its own, removed when
/// it ends: a run never sees another run's state, and prints the same on every
/// run and machine.
struct DemoStateFolder {
    /// The folder.
    let url: URL
    /// Whether the Demo made the folder for this run alone (and removes it).
    let isTemporary: Bool

    /// The option's name on the command line.
    static let option = "--state-dir"
    /// The environment variable read when the option is not given.
    static let environmentVariable = "REDUXKIT_DEMO_STATE_DIR"

    /// The folder the command line or the environment names, or a new temporary
    /// one; exits with status 2 when `--state-dir` has no path after it.
    static func fromCommandLine(
        _ arguments: [String] = CommandLine.arguments,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> DemoStateFolder {
        let named = path(in: arguments) ?? environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        let fileManager = FileManager.default
        if let named {
            let url = URL(fileURLWithPath: named, isDirectory: true)
            try? fileManager.createDirectory(at: url, withIntermediateDirectories: true)
            return DemoStateFolder(url: url, isTemporary: false)
        }
        let url = fileManager.temporaryDirectory.appendingPathComponent(
            "reduxkitlinux-demo-\(UUID().uuidString)", isDirectory: true)
        do {
            try fileManager.createDirectory(at: url, withIntermediateDirectories: false)
        } catch {
            fail("cannot create a temporary state folder at \(url.path): \(error)")
        }
        return DemoStateFolder(url: url, isTemporary: true)
    }

    /// Removes the folder if the Demo made it for this run.
    func removeIfTemporary() {
        guard isTemporary else { return }
        try? FileManager.default.removeItem(at: url)
    }

    private static func path(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated().dropFirst() {
            if argument == option {
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    fail("\(option) needs a path: \(option) PATH")
                }
                return arguments[index + 1]
            }
            if argument.hasPrefix(option + "=") {
                let path = String(argument.dropFirst(option.count + 1))
                if path.isEmpty { fail("\(option) needs a path: \(option)=PATH") }
                return path
            }
        }
        return nil
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("Demo: \(message)\n".utf8))
        exit(2)
    }
}
