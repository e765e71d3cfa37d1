import ReduxKitLinuxEffects

/// A small chat server, as the "Using a store on a server" article lays it
/// out: an actor per room owns the room's store (made in the actor's `init`,
/// where no actor is known yet: the store learns its room at its first
/// dispatch), clients are tasks, a debounced listener moderates what is
/// posted, each member's history loads in an async thunk cancelled when the
/// member leaves, and a process-wide `SharedStore` adds up every room's totals.
enum ChatServerStory {
    struct Message: Equatable, Sendable {
        let author: String
        let text: String
        var flagged = false
    }

    struct RoomState: Equatable, Sendable {
        var members: Set<String> = []
        var messages: [Message] = []
        /// Messages before this index have been looked at by the moderator.
        var moderated = 0
        var historiesCancelled = 0
    }

    struct Join: Action { let member: String }
    struct Leave: Action { let member: String }
    struct Post: Action {
        let author: String
        let text: String
    }
    struct Flag: Action {
        let indices: [Int]
        let moderated: Int
    }

    /// A member's history, from a slow archive; cancelled when the member leaves.
    static let loadHistory = AsyncThunk<RoomState, String, [Message]>("room/history") { _, context in
        try await context.dependencies.clock.sleep(for: .seconds(30))
        return []
    }

    static func reducer(_ state: inout RoomState, _ action: any Action) {
        switch action {
        case let join as Join: state.members.insert(join.member)
        case let leave as Leave: state.members.remove(leave.member)
        case let post as Post: state.messages.append(Message(author: post.author, text: post.text))
        case let flag as Flag:
            for index in flag.indices { state.messages[index].flagged = true }
            state.moderated = max(state.moderated, flag.moderated)
        default: break
        }
        if loadHistory.rejected(action)?.wasCancelled == true { state.historiesCancelled += 1 }
    }

    /// Where the room's reducer must run (weak: the room owns the store that holds this).
    final class RoomCheck {
        weak var room: (any Actor)?
    }

    actor ChatRoom {
        let name: String
        let store: Store<RoomState>
        let check = RoomCheck()
        private var histories: [String: AsyncThunkHandle<[Message]>] = [:]

        init(name: String) {
            self.name = name
            let listeners = ListenerMiddleware<RoomState>()
            // Moderation waits for a pause in the posting, then looks at what is new.
            listeners.addListener(for: Post.self, policy: .debounce(.milliseconds(20))) { _, context in
                let state = try await context.getState()
                let new = state.messages.indices.dropFirst(state.moderated)
                let spam = new.filter { state.messages[$0].text.contains("spam") }
                await context.dispatch(Flag(indices: Array(spam), moderated: state.messages.count))
            }
            let check = self.check
            store = createStore(
                { state, action in
                    check.room?.preconditionIsolated()
                    ChatServerStory.reducer(&state, action)
                }, RoomState(), applyMiddleware(thunkMiddleware(), listeners.middleware()))
        }

        func join(_ member: String) {
            check.room = self
            store.dispatch(Join(member: member))
            histories[member] = store.dispatch(ChatServerStory.loadHistory(member))
        }

        func post(_ text: String, by member: String) {
            store.dispatch(Post(author: member, text: text))
        }

        func leave(_ member: String) {
            histories.removeValue(forKey: member)?.cancel()
            store.dispatch(Leave(member: member))
        }

        /// Closes the room: lets its effects finish (cancelling any still
        /// running after ten seconds) and reports to the server's totals.
        func close(reportingTo totals: SharedStore<Totals>) async -> RoomState {
            if await !store.waitForEffects(timeout: .seconds(10)) { store.cancelEffects() }
            let state = store.state
            totals.dispatch(RoomClosed(messages: state.messages.count, flagged: state.messages.count { $0.flagged }))
            return state
        }
    }

    /// Process-wide state, shared by every room.
    struct Totals: Equatable, Sendable {
        var rooms = 0
        var messages = 0
        var flagged = 0
    }

    struct RoomClosed: Action {
        let messages: Int
        let flagged: Int
    }

    static func totalsReducer(_ state: inout Totals, _ action: any Action) {
        guard let closed = action as? RoomClosed else { return }
        state.rooms += 1
        state.messages += closed.messages
        state.flagged += closed.flagged
    }

    /// A client: joins, posts its lines, leaves.
    static func client(_ member: String, in room: ChatRoom, saying lines: [String]) async {
        await room.join(member)
        for line in lines { await room.post(line, by: member) }
        await room.leave(member)
    }

    static func run() async {
        printStoryTitle("A chat server: an actor per room, clients as tasks")
        let totals = SharedStore(createStore(totalsReducer, Totals()))
        let rooms = [ChatRoom(name: "lobby"), ChatRoom(name: "games")]
        let lines = [
            "ada": ["hello", "who is here?", "buy spam now", "bye"],
            "bob": ["hi ada", "spam spam", "see you", "bye"],
            "cy": ["morning", "what is new?", "nothing", "bye"],
        ]
        await withTaskGroup(of: Void.self) { group in
            for room in rooms {
                for (member, said) in lines {
                    group.addTask { await client(member, in: room, saying: said) }
                }
            }
        }
        for room in rooms {
            let state = await room.close(reportingTo: totals)
            let flagged = state.messages.count { $0.flagged }
            print(
                "room \(room.name): \(state.messages.count) messages, \(flagged) flagged by the moderator, "
                    + "\(state.historiesCancelled) history loads cancelled as members left, "
                    + "\(state.members.count) members left in")
        }
        let all = totals.getState()
        precondition(all == Totals(rooms: 2, messages: 24, flagged: 4), "the server's totals are off: \(all)")
        print("server totals: \(all.rooms) rooms, \(all.messages) messages, \(all.flagged) flagged")
    }
}
