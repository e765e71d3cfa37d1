import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@Suite("applyMiddleware")
struct ApplyMiddlewareTests {
    /// A middleware that logs `name>` before and `<name` after the rest of the chain.
    func tracing(_ name: String, into log: Recorder<String>) -> Middleware<Int> {
        { _ in
            { next in
                { action in
                    log.append("\(name)>")
                    let result = next(action)
                    log.append("<\(name)")
                    return result
                }
            }
        }
    }

    @Test func theFirstMiddlewareIsTheOutermost() {
        let log = Recorder<String>()
        let reducer: Reducer<Int> = { state, action in
            if action is Increment { log.append("reducer") }
            return counterReducer(state, action)
        }
        let store = createStore(
            reducer, nil, applyMiddleware([tracing("a", into: log), tracing("b", into: log)]))
        store.dispatch(Increment())
        #expect(log.values == ["a>", "b>", "reducer", "<b", "<a"])
        #expect(store.getState() == 1)
    }

    @Test func theVariadicFormMatchesTheArrayForm() {
        let log = Recorder<String>()
        let store = createStore(
            counterReducer, nil, applyMiddleware(tracing("a", into: log), tracing("b", into: log)))
        store.dispatch(Increment())
        #expect(log.values == ["a>", "b>", "<b", "<a"])
    }

    @Test func noMiddlewareIsAPlainStore() {
        let store = createStore(counterReducer, nil, applyMiddleware([Middleware<Int>]()))
        store.dispatch(Increment())
        #expect(store.getState() == 1)
    }

    @Test func apiDispatchRunsTheWholeChainAgain() {
        let log = Recorder<String>()
        // Turns a SetValue(-1) into two Increments, dispatched from the top.
        let expand: Middleware<Int> = { api in
            { next in
                { action in
                    guard let set = action as? SetValue, set.value == -1 else { return next(action) }
                    _ = api.dispatch(Increment())
                    _ = api.dispatch(Increment())
                    return action
                }
            }
        }
        let store = createStore(
            counterReducer, nil, applyMiddleware(tracing("outer", into: log), expand))
        store.dispatch(SetValue(value: -1))
        #expect(store.getState() == 2)
        #expect(log.values == ["outer>", "outer>", "<outer", "outer>", "<outer", "<outer"])
    }

    @Test func apiGetStateIsAlwaysCurrent() {
        let seen = Recorder<String>()
        let observer: Middleware<Int> = { api in
            { next in
                { action in
                    let before = api.getState()
                    let result = next(action)
                    seen.append("\(before)->\(api.getState())")
                    return result
                }
            }
        }
        let store = createStore(counterReducer, 10, applyMiddleware(observer))
        store.dispatch(Increment())
        store.dispatch(Increment(by: 5))
        #expect(seen.values == ["10->11", "11->16"])
    }

    @Test func middlewareMayReturnAnotherActionOrSwallowOne() {
        let notified = Recorder<Int>()
        let swallowNoop: Middleware<Int> = { _ in
            { next in
                { action in
                    if action is Noop { return SetValue(value: -99) }
                    return next(action)
                }
            }
        }
        let store = createStore(counterReducer, nil, applyMiddleware(swallowNoop))
        store.subscribe { notified.append($0) }
        let returned = store.dispatch(Noop())
        #expect((returned as? SetValue)?.value == -99)
        #expect(store.getState() == 0)
        #expect(notified.values.isEmpty)
        store.dispatch(Increment())
        #expect(notified.values == [1])
    }

    @Test func theEnhancedStoreKeepsSubscribeGetStateAndReplaceReducer() {
        let log = Recorder<String>()
        let store = createStore(counterReducer, nil, applyMiddleware(tracing("m", into: log)))
        let states = Recorder<Int>()
        let subscription = store.subscribe { states.append($0) }
        store.dispatch(Increment())
        store.replaceReducer { state, action in action is Increment ? (state ?? 0) + 10 : state ?? 0 }
        store.dispatch(Increment())
        subscription.dispose()
        store.dispatch(Increment())
        #expect(states.values == [1, 1, 11])
        #expect(store.state == 21)
        #expect(log.values == ["m>", "<m", "m>", "<m", "m>", "<m"])
    }

    @Test func middlewareCanWrapAnotherEnhancer() {
        let log = Recorder<String>()
        let outerEnhancer: StoreEnhancer<Int> = { next in
            { reducer, state in
                let store = next(reducer, state)
                return Store(
                    store,
                    dispatch: { action in
                        log.append("enhancer")
                        return store.dispatch(action)
                    })
            }
        }
        let enhancer = compose(applyMiddleware(tracing("m", into: log)), outerEnhancer)
        let store = createStore(counterReducer, nil, enhancer)
        store.dispatch(Increment())
        #expect(log.values == ["m>", "enhancer", "<m"])
        #expect(store.getState() == 1)
    }
}
