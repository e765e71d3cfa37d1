import ReduxKitLinux

/// Workload 22's state: about 65 KB held inline (structs of structs, no
/// array), as the states of ReSwift #271/#293 and TCA #3146/#748 were, so every
/// copy of it a dispatch makes lands on the thread's stack.
enum LargeInlineState {
    /// 64 bytes.
    struct Cells: Equatable {
        var c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0
    }

    /// 1 KiB.
    struct Block: Equatable {
        var r0 = Cells(), r1 = Cells(), r2 = Cells(), r3 = Cells(), r4 = Cells(), r5 = Cells(), r6 = Cells(),
            r7 = Cells(), r8 = Cells(), r9 = Cells(), r10 = Cells(), r11 = Cells(), r12 = Cells(), r13 = Cells(),
            r14 = Cells(), r15 = Cells()
    }

    /// 8 KiB.
    struct Chunk: Equatable {
        var b0 = Block(), b1 = Block(), b2 = Block(), b3 = Block(), b4 = Block(), b5 = Block(), b6 = Block(),
            b7 = Block()
    }

    /// 64 KiB: what the scoped store of the composed kind shows.
    struct Payload: Equatable {
        var k0 = Chunk(), k1 = Chunk(), k2 = Chunk(), k3 = Chunk(), k4 = Chunk(), k5 = Chunk(), k6 = Chunk(),
            k7 = Chunk()
    }

    /// The app's state: a counter and the payload, 65,544 bytes.
    struct AppState: Equatable {
        var count = 0
        var payload = Payload()
    }

    /// What the benchmark dispatches.
    struct Trigger: Action {}
    /// What the fifth middleware dispatches again, mid-chain, on seeing a `Trigger`.
    struct Nested: Action {}
    /// What the subscriber dispatches on the first state the `Trigger` made.
    struct Followup: Action {}

    /// The payload's part of every reducer: each action marks a cell of its own.
    static func reducePayload(_ payload: inout Payload, _ action: any Action) {
        switch action {
        case is Trigger: payload.k7.b7.r15.c7 &+= 1
        case is Nested: payload.k3.b4.r8.c2 &+= 1
        case is Followup: payload.k0.b0.r0.c0 &+= 1
        default: break
        }
    }

    /// Counts the actions that reach the reducer.
    static func reduceCount(_ count: inout Int, _ action: any Action) {
        if action is Trigger || action is Nested || action is Followup { count &+= 1 }
    }

    /// The reducer as the README writes one: optional state, its own default.
    static func appReducer(_ state: AppState?, _ action: any Action) -> AppState {
        var state = state ?? AppState()
        reduceCount(&state.count, action)
        reducePayload(&state.payload, action)
        return state
    }

    /// The same reducer, in place.
    static func inPlaceReducer(_ state: inout AppState, _ action: any Action) {
        reduceCount(&state.count, action)
        reducePayload(&state.payload, action)
    }

    /// Whether a subscriber that saw `payload` should dispatch a `Followup`:
    /// once, on the first state the `Trigger` made.
    static func wantsFollowup(_ payload: Payload) -> Bool {
        payload.k7.b7.r15.c7 == 1 && payload.k0.b0.r0.c0 == 0
    }

    /// What a state says happened: the same for every kind of store, and for the floor.
    static func checksum(_ state: AppState) -> Int {
        state.count &* 1_000 &+ state.payload.k7.b7.r15.c7 &* 100 &+ state.payload.k3.b4.r8.c2 &* 10
            &+ state.payload.k0.b0.r0.c0
    }
}
