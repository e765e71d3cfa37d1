import Observation
import ReduxKitLinuxTestSupport

@testable import ReduxKitLinux

// A screen's state and actions for the Observation tests, and a reader that
// counts how often Observation tells it its reads changed.

struct ScreenUser: Equatable, Sendable {
    var name = "Ada"
    var age = 36
}

struct ScreenTodo: Equatable, Sendable {
    var title: String
    var done = false
}

/// A value that is not `Equatable`, stored inline in the state.
struct ScreenBadge: Sendable {
    var level = 0
}

struct ScreenState: Equatable, Sendable {
    var count = 0
    var query = ""
    var user = ScreenUser()
    var todos = [ScreenTodo(title: "milk"), ScreenTodo(title: "eggs")]
    var badge = ScreenBadge()
    var untouched = 0

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.query == rhs.query && lhs.user == rhs.user && lhs.todos == rhs.todos
            && lhs.badge.level == rhs.badge.level && lhs.untouched == rhs.untouched
    }

    /// The titles, computed: not stored in the state's own bytes.
    var titles: [String] { todos.map(\.title) }
}

enum ScreenAction: Action {
    case increment
    case setCount(Int)
    case setQuery(String)
    case rename(String)
    case birthday
    case toggle(Int)
    case add(String)
    case removeLast
    case raiseBadge
    case touch
}

func screenReducer(_ state: inout ScreenState, _ action: any Action) {
    switch action as? ScreenAction {
    case .increment: state.count += 1
    case .setCount(let count): state.count = count
    case .setQuery(let query): state.query = query
    case .rename(let name): state.user.name = name
    case .birthday: state.user.age += 1
    case .toggle(let index): state.todos[index].done.toggle()
    case .add(let title): state.todos.append(ScreenTodo(title: title))
    case .removeLast: state.todos.removeLast()
    case .raiseBadge: state.badge.level += 1
    case .touch: state.untouched += 0
    case nil: break
    }
}

/// Reads something inside `withObservationTracking` and counts how often
/// Observation says it changed; `track()` reads again (as a view re-renders).
/// Every `onChange` checks that it runs on the main actor, and signals `changes`.
@MainActor
final class TrackedReader<Value> {
    private let read: @MainActor () -> Value
    let invalidations = Counter()
    let changes: AsyncStream<Void>
    private let change: AsyncStream<Void>.Continuation
    private(set) var lastRead: Value?

    init(_ read: @escaping @MainActor () -> Value) {
        self.read = read
        (changes, change) = AsyncStream.makeStream(of: Void.self)
        track()
    }

    /// Reads again, tracking what is read.
    func track() {
        let invalidations = self.invalidations
        let change = self.change
        lastRead = withObservationTracking {
            read()
        } onChange: {
            MainActor.preconditionIsolated()
            invalidations.increment()
            change.yield()
        }
    }

    /// How many times it was told of a change.
    var count: Int { invalidations.count }

    /// Waits until it has been told of a change (for deliveries from other threads).
    func waitForChange() async {
        var iterator = changes.makeAsyncIterator()
        _ = await iterator.next(isolation: #isolation)
    }
}
