// The TCA walkthrough of Docs/ReduxKitLinux.docc/MigratingFromTCA.md: the Effects-Cancellation
// case study of TCA's SwiftUICaseStudies (a request cancelled by a button and by the stepper),
// ported. The code between the markers is the article's sample, word for word
// (Docs/check-recipes.py checks it); TCAEffectsCancellationWalkthroughTests.swift runs it.

// BEGIN RECIPE tca-effects-cancellation
import ReduxKitLinuxEffects

// @Dependency(\.factClient): a dependency key, and a property to read it by.
struct FactClient: Sendable {
    var fetch: @Sendable (Int) async throws -> String
}

enum FactClientKey: EffectDependencyKey {
    // The live client would ask a number-facts server.
    static let defaultValue = FactClient { number in "\(number) is a number." }
}

extension EffectDependencies {
    var factClient: FactClient {
        get { self[FactClientKey.self] }
        set { self[FactClientKey.self] = newValue }
    }
}

// @Reducer struct EffectsCancellation: a namespace, as TCA's feature is.
enum EffectsCancellation {
    struct State: Equatable, Sendable {
        var count = 0
        var currentFact: String?
        var isFactRequestInFlight = false
    }

    // Inside the namespace, `Action` alone would be this enum itself: name the
    // protocol by its module.
    enum Action: ReduxKitLinux.Action {
        case cancelButtonTapped
        case stepperChanged(Int)
        case factButtonTapped
        case factResponse(Result<String, any Error>)
    }

    enum CancelID: Hashable, Sendable {
        case factRequest
    }

    // Reduce { state, action in … }: the state changes; the effects it
    // returns are the listener below.
    static func reduce(_ state: inout State, _ action: any ReduxKitLinux.Action) {
        guard let action = action as? Action else { return }
        switch action {
        case .cancelButtonTapped:
            state.isFactRequestInFlight = false
        case .stepperChanged(let value):
            state.count = value
            state.currentFact = nil
            state.isFactRequestInFlight = false
        case .factButtonTapped:
            state.currentFact = nil
            state.isFactRequestInFlight = true
        case .factResponse(.success(let response)):
            state.isFactRequestInFlight = false
            state.currentFact = response
        case .factResponse(.failure):
            state.isFactRequestInFlight = false
        }
    }

    // The effects the reducer returned, per action: a listener switching over
    // the same actions. A run for `.factButtonTapped` is tagged
    // `CancelID.factRequest` (`.cancellable(id:)`), and `CancelEffects` is `.cancel(id:)`.
    static func effects(_ dependencies: EffectDependencies) -> ListenerMiddleware<State> {
        let listeners = ListenerMiddleware<State>(dependencies: dependencies)
        listeners.addListener(
            for: Action.self,
            cancellationID: { action in
                if case .factButtonTapped = action { CancelID.factRequest } else { nil }
            }
        ) { action, context in
            switch action {
            case .factButtonTapped:
                let count = context.stateAfter.count  // [count = state.count]
                do {
                    let fact = try await context.dependencies.factClient.fetch(count)
                    await context.dispatch(Action.factResponse(.success(fact)))
                } catch {
                    // Once the run is cancelled, this is dropped, as a cancelled effect's `send` is.
                    await context.dispatch(Action.factResponse(.failure(error)))
                }
            case .cancelButtonTapped, .stepperChanged:
                // `.cancel(id:)` is an action here, seen by the store and its
                // tests: sent only when there is a request to cancel.
                if context.stateBefore.isFactRequestInFlight {
                    await context.dispatch(CancelEffects(id: CancelID.factRequest))
                }
            case .factResponse:
                break
            }
        }
        return listeners
    }
}

// What `receive(\.factResponse.success)` reads: key paths of `any Action`, declared once.
extension ReduxKitLinux.Action {
    /// The fact of a successful `.factResponse`.
    var fetchedFact: String? {
        guard case .factResponse(.success(let fact)) = self as? EffectsCancellation.Action else { return nil }
        return fact
    }

    /// The error of a failed `.factResponse`.
    var factError: (any Error)? {
        guard case .factResponse(.failure(let error)) = self as? EffectsCancellation.Action else { return nil }
        return error
    }
}
// END RECIPE tca-effects-cancellation
