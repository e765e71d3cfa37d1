#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The thread an action log's writer runs on, joined when the log closes.
///
/// Joined rather than detached (Foundation's `Thread` cannot be joined): once
/// ``join()`` returns, the thread has ended and released what its body held
/// (the writer itself), so a closed log is freed at once, never later by a
/// thread still winding down (which valgrind, at a prompt exit, saw as a
/// lost weak-reference table of a writer still alive).
final class ActionLogWriterThread {
    private var thread: pthread_t
    private var joined = false

    /// Starts `body` on a thread of its own.
    init(_ body: @escaping () -> Void) {
        final class Body {
            let run: () -> Void
            init(_ run: @escaping () -> Void) { self.run = run }
        }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let created = pthread_create(
            &thread, nil,
            { context in
                // Released when this returns: before `join()` can return.
                let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
                body.run()
                return nil
            }, context)
        guard created == 0 else { fatalError("ReduxKitLinux action log: cannot start its writer thread (\(created))") }
        #if canImport(Darwin)
            self.thread = thread!
        #else
            self.thread = thread
        #endif
    }

    /// Waits for the thread to end; later calls return at once.
    func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }
}
