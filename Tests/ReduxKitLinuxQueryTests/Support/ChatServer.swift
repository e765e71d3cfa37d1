import ReduxKitLinuxQuery
import ReduxKitLinuxTestSupport

/// A fake chat server: a channel's history (what a fetch answers), and a live
/// feed of new messages per channel that a test sends into.
final class ChatServer: Sendable {
    private let history = Locked<[String: [String]]>([:])
    /// The open feeds, by channel, then by number (a feed that ends leaves: its
    /// continuation, whose end handler names this server, must not keep it).
    private let feeds = Locked<(open: [String: [Int: AsyncStream<String>.Continuation]], next: Int)>(([:], 0))
    /// Each feed opened, by channel, as it opens.
    let feedsOpened = Recorder<String>()
    /// Each feed closed (its stream ended or its reader was cancelled), by channel.
    let feedsClosed = Recorder<String>()
    private let gates = Locked<[AsyncGate]>([])
    private let failures = Locked<Int>(0)

    /// Sets a channel's history, as the next fetches answer it.
    func setHistory(_ messages: [String], of channel: String) {
        history.withLock { $0[channel] = messages }
    }

    /// Holds the next answer back (the history read when the fetch began) until the gate opens.
    func holdNextAnswer() -> AsyncGate {
        let gate = AsyncGate()
        gates.withLock { $0.append(gate) }
        return gate
    }

    /// Makes the next `count` fetches fail.
    func failNext(_ count: Int) { failures.withLock { $0 = count } }

    /// Each fetch, once it has read the history it answers (its channel).
    let historiesRead = Recorder<String>()
    /// How each stream ended: `"firstData threw CancellationError"`, `"feed ended"`.
    let streamEnds = Recorder<String>()

    func messages(_ channel: String) async throws -> [String] {
        let snapshot = history.withLock { $0[channel] ?? [] }
        historiesRead.append(channel)
        if let gate = gates.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { await gate.wait() }
        if failures.withLock({ failing in
            defer { failing = max(0, failing - 1) }
            return failing > 0
        }) {
            throw TodoServer.Offline()
        }
        return snapshot
    }

    /// A channel's live feed: what ``send(_:to:)`` sends from now on.
    func feed(_ channel: String) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let number = feeds.withLock { feeds in
            defer { feeds.next += 1 }
            feeds.open[channel, default: [:]][feeds.next] = continuation
            return feeds.next
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = feeds.withLock { $0.open[channel]?.removeValue(forKey: number) }
            feedsClosed.append(channel)
        }
        feedsOpened.append(channel)
        return stream
    }

    /// Sends a new message to the channel's open feeds (and its history).
    func send(_ message: String, to channel: String) {
        history.withLock { $0[channel, default: []].append(message) }
        for feed in feeds.withLock({ $0.open[channel]?.values.map { $0 } ?? [] }) { feed.yield(message) }
    }
}

enum ChatServerKey: EffectDependencyKey {
    static let defaultValue = ChatServer()
}

extension EffectDependencies {
    var chat: ChatServer {
        get { self[ChatServerKey.self] }
        set { self[ChatServerKey.self] = newValue }
    }
}

/// The chat's endpoint: a channel's messages, fetched, then kept up to date
/// by the channel's feed while the entry is in the cache.
enum ChatAPI {
    static let messages = TodoAPI.cache.query(
        "messages", keepUnusedDataFor: .seconds(10),
        streamingUpdates: { (channel: String, stream) in
            let chat = stream.dependencies.chat
            do {
                _ = try await stream.firstData()
            } catch {
                chat.streamEnds.append("firstData threw \(type(of: error))")
                throw error
            }
            for await message in chat.feed(channel) {
                // Idempotent, as a streamed change should be: an answer that
                // already holds the message, landing under it, keeps one.
                await stream.updateCachedData { if !$0.contains(message) { $0.append(message) } }
            }
            chat.streamEnds.append("feed ended")
        }
    ) { channel, context in try await context.dependencies.chat.messages(channel) }
}
