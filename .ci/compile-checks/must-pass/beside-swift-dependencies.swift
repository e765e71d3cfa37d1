// with-module: .ci/compile-checks/modules/Dependencies.swift
// An app importing swift-dependencies (here its stand-in, module `Dependencies`) and the effects
// product uses both kinds of dependency by their plain names, with no ambiguity and no module
// qualification (issue 24: before, the effects product's `Dependencies` and `DependencyKey` clashed
// with that module and its protocol).
import Dependencies
import ReduxKitLinuxEffects

enum GreetingKey: DependencyKey {
    static let liveValue = "hello from swift-dependencies"
}
extension DependencyValues {
    var greeting: String { self[GreetingKey.self] }
}

enum NameKey: EffectDependencyKey {
    static let defaultValue = "effects"
}
extension EffectDependencies {
    var name: String {
        get { self[NameKey.self] }
        set { self[NameKey.self] = newValue }
    }
}

struct Greet: Action {}
struct Greeted: Action { let text: String }

struct Screen: Sendable { var text = "" }

func reduce(_ state: inout Screen, _ action: any Action) {
    if let greeted = action as? Greeted { state.text = greeted.text }
}

@MainActor func run() async {
    var effects = EffectDependencies()
    effects.name = "ReduxKitLinux"
    let listeners = ListenerMiddleware<Screen>(dependencies: effects)
    listeners.addListener(for: Greet.self) { _, context in
        let greeting = withDependencies({ _ in }) { DependencyValues().greeting }
        await context.dispatch(Greeted(text: "\(greeting), \(context.dependencies.name)"))
    }
    let store = createStore(reduce, Screen(), applyMiddleware(listeners.middleware()))
    store.dispatch(Greet())
    _ = await store.waitForEffects(timeout: .seconds(30))
    print(store.state.text)
}

await run()
// expect-output: hello from swift-dependencies, ReduxKitLinux
