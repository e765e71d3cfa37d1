/// Dispatched when a listener's effect throws an error other than by being
/// cancelled; also what the middleware's `onError` receives.
public struct ListenerFailed: Action {
    /// The listener's name: its action type, or the name it was added with.
    public let listener: String
    /// The type of the action the effect ran for.
    public let actionType: String
    /// What the effect threw.
    public let error: any Error
}
