import Foundation
import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

/// Issue 38, item 3: a large state held inline (65 KB of structs of structs,
/// no array) on a thread with a small stack. Each dispatch here nests two
/// levels (a subscriber dispatches again). The stack a dispatch needs is
/// measured by workload 22 (Docs/Performance.md), in release and debug; these
/// tests run in debug, and check stack sizes the debug build fits since the
/// library keeps one copy of the state per level of dispatch (it needed 128
/// KiB more before: a copy for the devtools observer in every dispatch's
/// frame). Each runs in a child process, since an overflow kills it.
@Suite("A large state on a small stack", .hangSafetyNet)
struct LargeStateStackTests {
    /// 64 bytes.
    struct Cells {
        var c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0
    }

    /// 1 KiB.
    struct Block {
        var r0 = Cells(), r1 = Cells(), r2 = Cells(), r3 = Cells(), r4 = Cells(), r5 = Cells(), r6 = Cells(),
            r7 = Cells(), r8 = Cells(), r9 = Cells(), r10 = Cells(), r11 = Cells(), r12 = Cells(), r13 = Cells(),
            r14 = Cells(), r15 = Cells()
    }

    /// 8 KiB.
    struct Chunk {
        var b0 = Block(), b1 = Block(), b2 = Block(), b3 = Block(), b4 = Block(), b5 = Block(), b6 = Block(),
            b7 = Block()
    }

    /// 65 KB, held inline.
    struct BigState {
        var count = 0
        var k0 = Chunk(), k1 = Chunk(), k2 = Chunk(), k3 = Chunk(), k4 = Chunk(), k5 = Chunk(), k6 = Chunk(),
            k7 = Chunk()
    }

    struct Trigger: Action {}
    struct Followup: Action {}

    static func inPlaceReducer(_ state: inout BigState, _ action: any Action) {
        switch action {
        case is Trigger: state.k7.b7.r15.c7 &+= 1
        case is Followup: state.k0.b0.r0.c0 &+= 1
        default: return
        }
        state.count &+= 1
    }

    /// Dispatches a `Trigger` to a store with a subscriber that dispatches a
    /// `Followup` on the state it made: two levels, the second from the
    /// first's notification round. Returns the final count.
    static func dispatchTwoLevels(to store: Store<BigState>) -> Int {
        store.subscribe { [unowned store] state in
            if state.count == 1 { store.dispatch(Followup()) }
        }
        store.dispatch(Trigger())
        return store.state.count
    }

    /// An in-place reducer's store: 405 KiB at its deepest in debug (533 KiB
    /// before), so a 480 KiB thread is enough.
    @Test func anInPlaceStoreRunsOnA480KiBThread() async {
        await #expect(processExitsWith: .success) {
            exitIfStillRunning()
            onThread(stackSize: 480 << 10) {
                let count = Self.dispatchTwoLevels(to: createStore(Self.inPlaceReducer, BigState()))
                if count != 2 { exit(1) }
            }
        }
    }
}
