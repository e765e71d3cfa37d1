// `reduxkit-inspect LOG [--output PAGE.html] [--title TITLE]`: writes the inspector page of an
// action log (ActionLogInspector), by default next to it as LOG.html, and prints one line saying
// what it holds. Misuse, a missing file or an unreadable log: a message and exit code 2.
import Foundation
import ReduxKitLinuxDevtools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The usage line.
let usage = "usage: reduxkit-inspect LOG [--output PAGE.html] [--title TITLE]"

/// Prints `message` (and the usage, if asked) to standard error and exits with 2.
func fail(_ message: String, showingUsage: Bool = false) -> Never {
    var text = "reduxkit-inspect: " + message + "\n"
    if showingUsage { text += usage + "\n" }
    FileHandle.standardError.write(Data(text.utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var logPath: String?
var outputPath: String?
var title: String?
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "-h", "--help":
        print(usage)
        print("Writes LOG's inspector page (by default LOG.html): open it in a browser.")
        exit(0)
    case "-o", "--output", "--title":
        guard !arguments.isEmpty else { fail("\(argument) needs a value", showingUsage: true) }
        if argument == "--title" { title = arguments.removeFirst() } else { outputPath = arguments.removeFirst() }
    default:
        if argument.hasPrefix("-") && argument != "-" { fail("unknown option \(argument)", showingUsage: true) }
        guard logPath == nil else { fail("one log at a time (\(argument) is a second)", showingUsage: true) }
        logPath = argument
    }
}
guard let logPath else { fail("no log given", showingUsage: true) }
var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: logPath, isDirectory: &isDirectory) else {
    fail("no file at \(logPath)")
}
guard !isDirectory.boolValue else { fail("\(logPath) is a directory, not a log") }
let log = URL(fileURLWithPath: logPath)
let page = URL(fileURLWithPath: outputPath ?? logPath + ".html")
let started = ContinuousClock.now
let summary: ActionLogInspectorSummary
do {
    summary = try ActionLogInspector.writePage(forLogAt: log, to: page, title: title)
} catch {
    fail("cannot make a page of \(logPath): \(error)")
}
let elapsed = started.duration(to: .now)
let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
print(
    "reduxkit-inspect: wrote \(page.path) (\(summary.sessions) session\(summary.sessions == 1 ? "" : "s"), "
        + "\(summary.entries) entr\(summary.entries == 1 ? "y" : "ies"), "
        + "states \(summary.statesRecorded ? "recorded" : "not recorded"), \(summary.bytes) bytes) in "
        + String(format: "%.0f", milliseconds) + " ms")
