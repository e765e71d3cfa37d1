// The TCA walkthrough's tests (Docs/ReduxKitLinux.docc/MigratingFromTCA.md), ported from TCA's
// EffectsCancellationTests: the code between the markers is the article's sample, word for word
// (Docs/check-recipes.py checks it).

import ReduxKitLinuxEffects  // the port imports it too, at the top of its sample
// BEGIN RECIPE tca-effects-cancellation-tests
import ReduxKitLinuxTesting
import Testing

@Suite struct EffectsCancellationTests {
    // TestStore(initialState:) { EffectsCancellation() } withDependencies: { $0.factClient.fetch = … }
    func makeTest(fetch: @escaping @Sendable (Int) async throws -> String) -> TestStore<EffectsCancellation.State> {
        var dependencies = EffectDependencies.test()  // an unset dependency fails the test when read
        dependencies.factClient = FactClient(fetch: fetch)
        return TestStore(
            initialState: EffectsCancellation.State(), reducer: EffectsCancellation.reduce,
            middleware: [EffectsCancellation.effects(dependencies).middleware()])
    }

    @Test func successfulRequest() async {
        let test = makeTest { "\($0) is a good number Brent" }
        test.dispatch(EffectsCancellation.Action.stepperChanged(1)) { $0.count = 1 }
        test.dispatch(EffectsCancellation.Action.stepperChanged(0)) { $0.count = 0 }
        test.dispatch(EffectsCancellation.Action.factButtonTapped) { $0.isFactRequestInFlight = true }
        await test.receive(\.fetchedFact) {
            $0.currentFact = "0 is a good number Brent"
            $0.isFactRequestInFlight = false
        }
        await test.finish()
    }

    @Test func failedRequest() async {
        struct FactError: Error {}
        let test = makeTest { _ in throw FactError() }
        test.dispatch(EffectsCancellation.Action.factButtonTapped) { $0.isFactRequestInFlight = true }
        await test.receive(\.factError) { $0.isFactRequestInFlight = false }
        await test.finish()
    }

    // The request never answers (TCA's `try await Task.never()`): only a
    // cancellation ends it, and the failure it then reports is dropped. The
    // effect's `CancelEffects` is received, as every action an effect sends.
    @Test func cancelButtonCancelsRequest() async {
        let test = makeTest { _ in try await untilCancelled() }
        test.dispatch(EffectsCancellation.Action.factButtonTapped) { $0.isFactRequestInFlight = true }
        test.dispatch(EffectsCancellation.Action.cancelButtonTapped) { $0.isFactRequestInFlight = false }
        await test.receive(CancelEffects.self)
        await test.finish()
    }

    @Test func stepperCancelsRequest() async {
        let test = makeTest { _ in try await untilCancelled() }
        test.dispatch(EffectsCancellation.Action.factButtonTapped) { $0.isFactRequestInFlight = true }
        test.dispatch(EffectsCancellation.Action.stepperChanged(1)) {
            $0.count = 1
            $0.isFactRequestInFlight = false
        }
        await test.receive(CancelEffects.self)
        await test.finish()
    }
}

/// Returns only by throwing `CancellationError` when its task is cancelled.
func untilCancelled() async throws -> Never {
    let (cancelled, cancel) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
        for await _ in cancelled {}
    } onCancel: {
        cancel.finish()
    }
    throw CancellationError()
}
// END RECIPE tca-effects-cancellation-tests
