import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@Suite("Store.replaceReducer")
struct ReplaceReducerTests {
    @Test func keepsTheStateUsesTheNewReducerAndAnnouncesItThroughIt() {
        let store = createStore(counterReducer, nil)
        store.dispatch(Increment(by: 5))
        let seenByNew = Recorder<String>()
        let notified = Recorder<Int>()
        store.subscribe { notified.append($0) }

        store.replaceReducer { state, action in
            seenByNew.append(action.type)
            let state = state ?? 0
            return action is Increment ? state * 2 : state
        }
        #expect(seenByNew.values == ["ReplaceReducerAction"])
        #expect(store.getState() == 5)
        #expect(notified.values == [5])

        store.dispatch(Increment())
        #expect(store.getState() == 10)
        #expect(seenByNew.values == ["ReplaceReducerAction", "Increment"])
    }

    @Test func theNewReducerReceivesTheCurrentStateNotNil() {
        let store = createStore(counterReducer, 7)
        let received = Recorder<Int?>()
        store.replaceReducer { state, _ in
            received.append(state)
            return state ?? -1
        }
        #expect(received.values == [7])
    }

    @Test func worksOnAnEnhancedStoreWithoutPassingThroughMiddleware() {
        let middlewareSaw = Recorder<String>()
        let spy: Middleware<Int> = { _ in
            { next in
                { action in
                    middlewareSaw.append(action.type)
                    return next(action)
                }
            }
        }
        let store = createStore(counterReducer, nil, applyMiddleware(spy))
        store.dispatch(Increment())
        store.replaceReducer { state, action in
            action is Increment ? (state ?? 0) + 100 : state ?? 0
        }
        store.dispatch(Increment())
        #expect(store.getState() == 101)
        #expect(middlewareSaw.values == ["Increment", "Increment"])
    }
}
