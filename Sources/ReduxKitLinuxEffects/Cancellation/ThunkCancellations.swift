/// One store's async thunk runs that can be cancelled by key: those of thunks
/// with a `cancellationID` (tagged with the ID their argument gave), or with
/// `cancelInFlight` (which a newer run of the same thunk and ID cancels).
///
/// The thunk middleware of a store makes one, shared with the async thunks of
/// its scoped stores; a run is registered before its task starts and leaves
/// when its task ends, so no run is ever missed or kept.
final class ThunkCancellations: Sendable {
    private struct Entry: Sendable {
        /// The thunk's type prefix.
        let thunk: String
        let id: EffectID?
        let cancel: @Sendable (_ reason: String?) -> Void
    }

    private struct Table: Sendable {
        var entries: [UInt64: Entry] = [:]
        var nextKey: UInt64 = 0
    }

    private let table = Locked(Table())

    /// Registers a run of `thunk` tagged `id`.
    ///
    /// - Parameters:
    ///   - thunk: The thunk's type prefix.
    ///   - id: What its `cancellationID` gave, if anything.
    ///   - cancel: Cancels the run, with a reason.
    /// - Returns: The run's key, for ``cancelInFlight(of:id:except:)`` and ``ended(_:)``.
    func register(
        thunk: String, id: EffectID?, cancel: @escaping @Sendable (_ reason: String?) -> Void
    ) -> UInt64 {
        table.withLock { table in
            defer { table.nextKey &+= 1 }
            table.entries[table.nextKey] = Entry(thunk: thunk, id: id, cancel: cancel)
            return table.nextKey
        }
    }

    /// Forgets a run whose task ended.
    func ended(_ key: UInt64) {
        _ = table.withLock { $0.entries.removeValue(forKey: key) }
    }

    /// Cancels the runs of `thunk` tagged `id` (or untagged, for `nil`), but `except`.
    func cancelInFlight(of thunk: String, id: EffectID?, except key: UInt64) {
        let cancels = table.withLock { table in
            table.entries.sorted { $0.key < $1.key }  // in the order the runs started
                .filter { $0.key != key && $0.value.thunk == thunk && $0.value.id == id }.map(\.value.cancel)
        }
        for cancel in cancels { cancel(nil) }
    }

    /// Cancels every run tagged `id`, whatever its thunk.
    func cancel(id: EffectID, reason: String?) {
        let cancels = table.withLock { table in
            table.entries.sorted { $0.key < $1.key }.map(\.value)  // in the order the runs started
                .filter { $0.id == id }.map(\.cancel)
        }
        for cancel in cancels { cancel(reason) }
    }
}
