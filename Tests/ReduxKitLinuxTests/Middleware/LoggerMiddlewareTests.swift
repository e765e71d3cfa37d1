import ReduxKitLinux
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
