import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@Suite("bindActionCreators")
struct BindActionCreatorsTests {
    struct Add: StandardAction {
        let rawPayload: Int
        let meta: (any Sendable)?
        let error: Bool

        init(payload: Int?, meta: (any Sendable)?, error: Bool) {
            self.rawPayload = payload ?? 1
            self.meta = meta
            self.error = error
        }
    }

    static func reducer(_ state: Int?, _ action: any Action) -> Int {
        let state = state ?? 0
        guard let add = action as? Add else { return state }
        return state + add.rawPayload
    }

    @Test func theBoundFunctionCreatesAndDispatchesTheAction() {
        let store = createStore(Self.reducer, nil)
        let dispatched = Recorder<Add>()
        store.subscribe { _ in }
        let add = bindActionCreators(
            Add.self,
            dispatch: { action in
                if let add = action as? Add { dispatched.append(add) }
                return store.dispatch(action)
            })
        add(5)
        add(nil)
        #expect(store.getState() == 6)
        #expect(dispatched.values.map(\.rawPayload) == [5, 1])
        #expect(dispatched.values.allSatisfy { $0.meta == nil && $0.error == false })
    }

    @Test func bindsToAStoreDispatchDirectly() {
        let store = createStore(Self.reducer, 10)
        let add = bindActionCreators(Add.self, dispatch: store.dispatch)
        add(3)
        #expect(store.getState() == 13)
    }
}
