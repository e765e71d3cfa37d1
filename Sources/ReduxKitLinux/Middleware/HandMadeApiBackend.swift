/// The store behind a ``MiddlewareApi`` made by hand (as tests of middleware
/// do, Redux-style: `thunkMiddleware()(MiddlewareApi(dispatch:getState:))`): it
/// dispatches and reads through the api's own closures, so the api's
/// ``MiddlewareApi/weakStore`` reaches them like a store's chain.
///
/// It has no reducer and no subscribers of its own; nothing reaches those
/// (only a ``WeakStore`` uses this store, to dispatch and read).
final class HandMadeApiBackend<State>: StoreBackend {
    private let dispatchThrough: DispatchFunction
    private let readState: () -> State

    init(dispatch: @escaping DispatchFunction, getState: @escaping () -> State) {
        dispatchThrough = dispatch
        readState = getState
    }

    func dispatch(_ action: any Action) -> any Action { dispatchThrough(action) }

    func serialize(_ body: () -> any Action) -> any Action { body() }

    func getState() -> State { readState() }

    func read<Result>(_ body: (State) -> Result) -> Result { body(readState()) }

    func subscribe(_ makeSubscriber: (State) -> (State) -> Void) -> any ReduxDisposable {
        Misuse.fail(Misuse.handMadeApiHasNoStore)
    }

    func replaceReducer(_ reducer: @escaping InPlaceReducer<State>) {
        Misuse.fail(Misuse.handMadeApiHasNoStore)
    }

    func routeThrough(shared: AnyObject & Sendable) {}

    // Its route is settled where the api was made (see `MiddlewareApi.init(dispatch:getState:isolation:)`).
    func settleRoutes(on actor: any Actor) {}

    func routeAttachments() -> [AnyObject & Sendable] { [] }

    // Nothing of the api's own is a store: no owner uses it between calls to drain an inbox.
    func inbox(creating: Bool) -> StoreInbox? { nil }
}
