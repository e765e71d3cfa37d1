import ReduxKitLinuxEffects
import ReduxKitLinuxTestSupport
import Testing

@Suite("Logger middleware")
struct LoggerMiddlewareTests {
    final class Log: TextOutputStream {
        var text = ""
        func write(_ string: String) { text += string }
    }

    @Test func logsTheActionTheStateBeforeAndAfterAndTheTimeSpent() {
        let entries = Recorder<String>()
        let store = createStore(counterReducer, 1, applyMiddleware(loggerMiddleware(write: { entries.append($0) })))
        store.dispatch(Increment(by: 2))
        #expect(entries.count == 1)
        let lines = entries.values.first?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("action Increment in ") == true)
        #expect(lines.first?.hasSuffix("s") == true)
        #expect(lines.dropFirst().first == "  before: 1")
        #expect(lines.last == "  after:  3")
    }

    @Test func aFilterChoosesWhatIsLoggedAndADescriptionShortensTheState() {
        let entries = Recorder<String>()
        let logger: Middleware<Int> = loggerMiddleware(
            filter: { !($0 is Noop) }, describe: { "#\($0)" }, write: { entries.append($0) })
        let store = createStore(counterReducer, 0, applyMiddleware(logger))
        store.dispatch(Noop())
        store.dispatch(Increment())
        #expect(entries.count == 1)
        #expect(entries.values.first?.contains("before: #0") == true)
        #expect(entries.values.first?.contains("after:  #1") == true)
        #expect(store.state == 1)
    }

    @Test func writesToATextOutputStream() {
        let log = Log()
        let store = createStore(counterReducer, 0, applyMiddleware(loggerMiddleware(to: log)))
        store.dispatch(Increment())
        store.dispatch(Decrement())
        #expect(log.text.components(separatedBy: "action ").count == 3)
        #expect(log.text.hasSuffix("after:  0\n"))
    }
}

@Suite("Logger middleware and thunks", .hangSafetyNet)
struct LoggerThunkTests {
    @Test func aThunkIsLoggedAsItsStartAndItsActionsAsTheStateChangesTheyMade() {
        let entries = Recorder<String>()
        let store = createStore(
            counterReducer, 0,
            applyMiddleware(loggerMiddleware(write: { entries.append($0) }), thunkMiddleware()))
        store.dispatch(Thunk<Int> { dispatch, _ in _ = dispatch(Increment()) })
        #expect(entries.values.count == 2)
        #expect(entries.values.first?.hasPrefix("thunk Thunk") == true)
        #expect(entries.values.first?.hasSuffix(" started") == true)
        #expect(entries.values.first?.contains("before:") == false)
        #expect(entries.values.last?.hasPrefix("action Increment in ") == true)
        #expect(entries.values.last?.hasSuffix("after:  1") == true)
    }

    @Test @MainActor func anAsyncThunkIsLoggedAsItsStartThenItsPendingThenItsResult() async throws {
        let load = AsyncThunk<Int, Int, Int>("counter/load") { argument, _ in argument }
        let entries = Recorder<String>()
        let store = createStore(
            { (state: inout Int, action: any Action) in
                if load.pending(action) != nil { state = -1 }
                if let done = load.fulfilled(action) { state = done.value }
            }, 0,
            applyMiddleware(loggerMiddleware(write: { entries.append($0) }), thunkMiddleware()))
        let value = try await store.dispatch(load(7)).value
        #expect(value == 7)
        let headlines = entries.values.map { $0.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(headlines.count == 3)
        #expect(headlines.first == "thunk counter/load started")
        #expect(headlines.dropFirst().first?.hasPrefix("action counter/load/pending in ") == true)
        #expect(headlines.last?.hasPrefix("action counter/load/fulfilled in ") == true)
        #expect(entries.values.first?.contains("before:") == false)
        #expect(entries.values.dropFirst().first?.hasSuffix("before: 0\n  after:  -1") == true)
    }
}
