@testable import ReduxKitLinux

/// Lets tasks wait until a test opens it.
package final class AsyncGate: Sendable {
    package init() {}

    private let status = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    package func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let open = status.withLock { status -> Bool in
                if status.open { return true }
                status.waiters.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
    }

    package func open() {
        let waiters = status.withLock { status -> [CheckedContinuation<Void, Never>] in
            status.open = true
            defer { status.waiters = [] }
            return status.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
