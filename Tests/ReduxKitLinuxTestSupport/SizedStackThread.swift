import Foundation

/// Runs `body` on a thread of its own with a `stackSize`-byte stack and
/// returns when it has finished: for exit tests that check a dispatch fits a
/// small stack (Swift on Linux emits no stack probes, so an overflow kills
/// the process, or worse, skips the guard page).
package func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        finished.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    finished.wait()
}
