import ReduxKitLinuxEffects

// The polling-with-backoff recipe of Docs/ReduxKitLinux.docc/MiddlewareAndEffects.md: the code
// between the markers is the article's sample, word for word (Docs/check-recipes.py checks it).

// BEGIN RECIPE polling-with-backoff
struct ServerStatus: Equatable, Sendable {
    var isPolling = false
    var version: String?
    var retryingIn: Duration?
}

struct StartPolling: Action {}
struct StopPolling: Action {}
struct StatusFetched: Action { let version: String }
struct StatusFetchFailed: Action { let retryIn: Duration }

/// What the app polls; tests put a fake in its place.
protocol StatusClient: Sendable {
    func currentVersion() async throws -> String
}

enum StatusClientKey: EffectDependencyKey {
    static let defaultValue: any StatusClient = LiveStatusClient()
}

/// The client the app ships with (a stand-in here: it would call the server).
struct LiveStatusClient: StatusClient {
    func currentVersion() async throws -> String { "no server in this sample" }
}

extension EffectDependencies {
    var statusClient: any StatusClient {
        get { self[StatusClientKey.self] }
        set { self[StatusClientKey.self] = newValue }
    }
}

func serverStatusReducer(_ state: inout ServerStatus, _ action: any Action) {
    switch action {
    case is StartPolling: state.isPolling = true
    case is StopPolling: state.isPolling = false
    case let fetched as StatusFetched:
        state.version = fetched.version
        state.retryingIn = nil
    case let failed as StatusFetchFailed: state.retryingIn = failed.retryIn
    default: break
    }
}

/// Polls every 5 seconds while polling is on; after a failure it waits 1, 2,
/// 4… seconds (at most 60) before the next try. `StopPolling` cancels the
/// poll loop wherever it is, mid-request or mid-wait.
func pollingListeners(_ dependencies: EffectDependencies) -> ListenerMiddleware<ServerStatus> {
    let listeners = ListenerMiddleware<ServerStatus>(dependencies: dependencies)
    listeners.addListener(for: StartPolling.self, policy: .leading) { _, context in
        let poller = context.fork {
            var backoff = Duration.seconds(1)
            while true {
                do {
                    let version = try await context.dependencies.statusClient.currentVersion()
                    await context.dispatch(StatusFetched(version: version))
                    backoff = .seconds(1)
                    try await context.delay(.seconds(5))
                } catch {
                    try context.checkCancellation()
                    await context.dispatch(StatusFetchFailed(retryIn: backoff))
                    try await context.delay(backoff)
                    backoff = min(backoff * 2, .seconds(60))
                }
            }
        }
        _ = try await context.take(StopPolling.self)
        poller.cancel()
    }
    return listeners
}
// END RECIPE polling-with-backoff
