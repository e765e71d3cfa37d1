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
/// Like the handles it holds, a bag lives in one isolation domain (it is not
/// `Sendable`). It lets go of its handles before disposing them, so disposing
/// may re-enter the bag or a store freely. Handles disposed on their own are
/// dropped from the bag from time to time, so a long-lived bag with
/// subscriptions coming and going does not grow without bound.
public final class DisposeBag {
    private var handles: [UInt64: any ReduxDisposable] = [:]
    private var nextKey: UInt64 = 0
    /// The count at which to next drop handles that are already disposed.
    private var pruneAt = DisposeBag.minimumPruneCount
    private static let minimumPruneCount = 64

    /// Creates an empty bag.
    public init() {}

    deinit {
        for handle in handles.values {
            handle.dispose()
        }
    }

    /// How many handles the bag holds.
    public var count: Int {
        handles.count
    }

    /// Adds `disposable` to the bag, to be disposed with it.
    ///
    /// - Parameter disposable: The handle to dispose when the bag is released or emptied.
    public func insert(_ disposable: any ReduxDisposable) {
        handles[nextKey] = disposable
        nextKey &+= 1
        if handles.count >= pruneAt { prune() }
    }

    /// Disposes every handle in the bag and empties it; the bag can be used again.
    public func disposeAll() {
        let taken = handles.values
        handles.removeAll()
        for handle in taken {
            handle.dispose()
        }
    }

    /// Drops the handles that are already disposed.
    private func prune() {
        handles = handles.filter { !$0.value.disposed }
        pruneAt = max(Self.minimumPruneCount, handles.count * 2)
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
