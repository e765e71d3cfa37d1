extension Store {
    /// Subscribes to a selected part of the state, called only when the
    /// selection changes (by `==`).
    ///
    /// ```swift
    /// store.subscribe(select: { $0.user.name }) { name in print("name is now", name) }
    /// ```
    ///
    /// The selection is compared with the last value this subscriber received
    /// (at first, the selection when it subscribed), never with the store's
    /// previous state, and repeats are skipped once, not twice. So nested
    /// dispatch cannot make it deliver a value again (ReSwift's issues #259 and
    /// #519). The selector runs in the store's domain, after every dispatch.
    ///
    /// - Parameters:
    ///   - select: Picks the part of the state to watch.
    ///   - subscriber: Called with each new selection.
    /// - Returns: A handle whose `dispose()` removes the subscription.
    @inlinable
    @discardableResult
    public func subscribe<Selected: Equatable>(
        select: @escaping (State) -> Selected,
        _ subscriber: @escaping (Selected) -> Void
    ) -> any ReduxDisposable {
        subscribe(select: select, skipRepeats: ==, subscriber)
    }

    /// Subscribes to a selected part of the state, skipping a selection that
    /// `isRepeat` says repeats the last one this subscriber received.
    ///
    /// Use it for selections that are not `Equatable`, or to compare them more
    /// cheaply than `==` (for example by an identifier or a revision number).
    /// The first selection is compared with the selection at the time of
    /// subscribing.
    ///
    /// - Parameters:
    ///   - select: Picks the part of the state to watch.
    ///   - isRepeat: Returns `true` when the second selection (the new one)
    ///     should be skipped as a repeat of the first (the last delivered).
    ///   - subscriber: Called with each selection that is not a repeat.
    /// - Returns: A handle whose `dispose()` removes the subscription.
    @inlinable
    @discardableResult
    public func subscribe<Selected>(
        select: @escaping (State) -> Selected,
        skipRepeats isRepeat: @escaping (Selected, Selected) -> Bool,
        _ subscriber: @escaping (Selected) -> Void
    ) -> any ReduxDisposable {
        addSubscriber(making: { state in
            let deliver = skippingRepeats(from: select(state), isRepeat: isRepeat, to: subscriber)
            return { deliver(select($0)) }
        })
    }

    /// Subscribes to a selected part of the state, called after every dispatch
    /// with the selection, repeats included (for selections that are not
    /// `Equatable`; an `Equatable` selection skips repeats).
    ///
    /// - Parameters:
    ///   - select: Picks the part of the state to pass on.
    ///   - subscriber: Called with the selection after every dispatch.
    /// - Returns: A handle whose `dispose()` removes the subscription.
    @inlinable
    @discardableResult
    public func subscribe<Selected>(
        select: @escaping (State) -> Selected,
        _ subscriber: @escaping (Selected) -> Void
    ) -> any ReduxDisposable {
        addSubscriber(making: { _ in { subscriber(select($0)) } })
    }
}

/// Returns a function that passes each value on to `subscriber` unless
/// `isRepeat(last, value)` holds, where `last` is the last value passed on
/// (`start` at first).
///
/// The store calls subscribers one at a time, in its own domain (a shared
/// store: under its lock), so the captured `last` needs no lock of its own.
@inlinable
func skippingRepeats<Value>(
    from start: Value,
    isRepeat: @escaping (Value, Value) -> Bool,
    to subscriber: @escaping (Value) -> Void
) -> (Value) -> Void {
    var last = start
    return { value in
        if isRepeat(last, value) { return }
        last = value
        subscriber(value)
    }
}
