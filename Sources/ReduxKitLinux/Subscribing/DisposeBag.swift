/// Collects disposables and disposes them all when it is released, or when
/// ``disposeAll()`` empties it.
///
/// Give each screen or component a bag, and tie its subscriptions to the
/// component's lifetime:
///
/// ```swift
/// let bag = DisposeBag()
/// store.subscribe { render($0) }.disposed(by: bag)
/// ```
///
/// A bag is safe to use from any thread. It never calls `dispose()` while
/// holding its own lock, so disposing may re-enter the bag or a store freely.
/// Handles disposed on their own are dropped from the bag from time to time,
/// so a long-lived bag with subscriptions coming and going does not grow
/// without bound.
public final class DisposeBag: Sendable {
    private struct Contents {
        var handles: [UInt64: any ReduxDisposable] = [:]
        var nextKey: UInt64 = 0
        /// The count at which to next drop handles that are already disposed.
        var pruneAt = DisposeBag.minimumPruneCount
    }

    private static let minimumPruneCount = 64
    private let contents = Locked(Contents())

    /// Creates an empty bag.
    public init() {}

    deinit {
        for handle in contents.withLock({ $0.handles.values }) {
            handle.dispose()
        }
    }

    /// How many handles the bag holds.
    public var count: Int {
        contents.withLock { $0.handles.count }
    }

    /// Adds `disposable` to the bag, to be disposed with it.
    ///
    /// - Parameter disposable: The handle to dispose when the bag is released or emptied.
    public func insert(_ disposable: any ReduxDisposable) {
        let snapshot: [UInt64: any ReduxDisposable]? = contents.withLock { contents in
            contents.handles[contents.nextKey] = disposable
            contents.nextKey &+= 1
            guard contents.handles.count >= contents.pruneAt else { return nil }
            contents.pruneAt = Int.max  // one pruning at a time
            return contents.handles
        }
        if let snapshot { prune(snapshot) }
    }

    /// Disposes every handle in the bag and empties it; the bag can be used again.
    public func disposeAll() {
        let handles = contents.withLock { contents in
            defer { contents.handles.removeAll() }
            return contents.handles.values
        }
        for handle in handles {
            handle.dispose()
        }
    }

    /// Drops the handles of `snapshot` that are already disposed. Asking a handle
    /// whether it is disposed may take a store's lock, so it happens outside the
    /// bag's lock.
    private func prune(_ snapshot: [UInt64: any ReduxDisposable]) {
        let disposedKeys = snapshot.filter { $0.value.disposed }.keys
        contents.withLock { contents in
            for key in disposedKeys {
                contents.handles[key] = nil
            }
            contents.pruneAt = max(Self.minimumPruneCount, contents.handles.count * 2)
        }
    }
}

extension ReduxDisposable {
    /// Adds this handle to `bag`, to be disposed when the bag is released or emptied.
    ///
    /// - Parameter bag: The bag that owns this handle from now on.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
