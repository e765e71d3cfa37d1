import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxEffects

/// The package's listener of some action types, filtered (what the query
/// cache's timers use): its filter is asked only for actions of its types.
@Suite("Listener of types", .hangSafetyNet)
struct ListenerOfTypesTests {
    struct Ping: Action {}
    struct Named: Action { let name: String }

    @Test func theFilterIsAskedOnlyForActionsOfItsTypesAndChoosesAmongThem() async {
        let listeners = ListenerMiddleware<Int>()
        let shared = SharedStore(createStore(counterReducer, 0, applyMiddleware(listeners.middleware())))
        let asked = Counter()
        let heard = Recorder<String>()
        listeners.addListener(
            named: "named", ofType: { $0 is Named },
            where: { action in
                asked.increment()
                return (action as? Named)?.name != "skip"
            }
        ) { action, _ in heard.append((action as? Named)?.name ?? "?") }
        for _ in 0..<10 { shared.dispatch(Ping()) }
        shared.dispatch(Named(name: "a"))
        shared.dispatch(Named(name: "skip"))
        shared.dispatch(Named(name: "b"))
        await shared.waitForEffects()
        #expect(asked.count == 3)  // never for the ten pings
        #expect(heard.values.sorted() == ["a", "b"])
    }
}
