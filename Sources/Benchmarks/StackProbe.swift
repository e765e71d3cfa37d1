import Foundation

/// Runs work on a thread of a chosen stack size, and measures how deep into
/// its stack the work goes (Swift on Linux emits no stack probes, so a frame
/// larger than the guard page can jump it: an overflow is a crash, or worse).
enum StackProbe {
    /// The byte the unused stack is filled with before the work runs.
    static let pattern: UInt8 = 0xA5

    /// Runs `body` on a new thread with a `stackSize`-byte stack and returns
    /// how many bytes of that stack it used at its deepest: the stack below
    /// the caller is filled with `pattern` first, and the lowest byte that no
    /// longer holds it marks the deepest point reached.
    static func peak(stackSize: Int = 8 << 20, of body: @escaping () -> Void) -> Int {
        let work = ThreadWork(body, measuring: true)
        run(work, stackSize: stackSize)
        return work.peak
    }

    /// Runs `body` on a new thread with a `stackSize`-byte stack and returns
    /// when it has finished (an overflow ends the process).
    static func run(stackSize: Int, _ body: @escaping () -> Void) {
        run(ThreadWork(body, measuring: false), stackSize: stackSize)
    }

    /// The smallest stack, to `step` bytes, on which `kind`'s scenario runs,
    /// each try in a child process of its own (`--stack-child`), since an
    /// overflow kills the process; `nil` if even `upper` does not do.
    static func smallestStack(for kind: String, lower: Int = 16 << 10, upper: Int = 4 << 20, step: Int = 4 << 10)
        -> Int?
    {
        guard survives(kind, stackSize: upper) else { return nil }
        var low = lower / step  // fails (or is the floor of the search)
        var high = upper / step  // survives
        while high - low > 1 {
            let middle = (low + high) / 2
            if survives(kind, stackSize: middle * step) { high = middle } else { low = middle }
        }
        return high * step
    }

    /// Whether `kind`'s scenario runs on a `stackSize`-byte thread, in a child process.
    static func survives(_ kind: String, stackSize: Int) -> Bool {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--stack-child", kind, String(stackSize)]
        // No backtrace for the expected crashes: it takes seconds and says nothing new.
        child.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        do { try child.run() } catch { return false }
        child.waitUntilExit()
        return child.terminationReason == .exit && child.terminationStatus == 0
    }

    /// Starts a thread for `work` with a `stackSize`-byte stack and waits for it.
    private static func run(_ work: ThreadWork, stackSize: Int) {
        work.stackSize = stackSize
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        var thread = pthread_t()
        // The work passes to the thread as a raw pointer, and this thread
        // touches it again only after `pthread_join`: one thread at a time.
        let context = Unmanaged.passRetained(work).toOpaque()
        let created = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<ThreadWork>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        precondition(created == 0, "pthread_create failed: \(created)")
        pthread_join(thread, nil)
    }
}

/// The work a probe's thread runs, and the peak it measured.
private final class ThreadWork {
    let body: () -> Void
    let measuring: Bool
    /// The thread's stack size, set when it is started.
    var stackSize = 0
    var peak = 0

    init(_ body: @escaping () -> Void, measuring: Bool) {
        self.body = body
        self.measuring = measuring
    }

    /// On the probe's thread: fills the unused stack with the pattern, runs the
    /// body, and finds the lowest byte it changed.
    func run() {
        guard measuring else { return body() }
        // Clear of this frame and `memset`'s at the top, and of the guard page
        // and what the thread library keeps in the stack's block (its thread
        // descriptor and thread-local storage) at the bottom.
        let here = stackAddress()
        let top = (here - 4 << 10) & ~7
        let low = (here - UInt(stackSize - 256 << 10)) & ~7
        memset(UnsafeMutableRawPointer(bitPattern: low)!, Int32(StackProbe.pattern), Int(top - low))
        body()
        // A word at a time (`low` and `top` are 8-byte aligned), then the byte.
        let word = UInt64(StackProbe.pattern) &* 0x0101_0101_0101_0101
        var deepest = low & ~7
        while deepest < top && UnsafePointer<UInt64>(bitPattern: deepest)!.pointee == word { deepest += 8 }
        while deepest < top && UnsafePointer<UInt8>(bitPattern: deepest)!.pointee == StackProbe.pattern {
            deepest += 1
        }
        peak = Int(here - deepest)
    }
}

/// The address of a local of a frame called from the caller's: about where
/// the caller's callees start.
@inline(never)
private func stackAddress() -> UInt {
    var marker = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}
