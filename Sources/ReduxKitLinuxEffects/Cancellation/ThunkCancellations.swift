/// One store's async thunk runs that can be cancelled by key: those of thunks
/// with a `cancellationID` (tagged with the ID their argument gave), or with
/// `cancelInFlight` (which a newer run of the same thunk and ID cancels).
///
/// The thunk middleware of a store makes one, shared with the async thunks of
/// its scoped stores; a run is registered before its task starts and leaves
/// when its task ends, so no run is ever missed or kept.
final class ThunkCancellations: Sendable {
    private struct Entry: Sendable {
        /// The run's number in the table.
        let key: UInt64
        /// The thunk's type prefix.
        let thunk: String
        let id: EffectID?
        let cancel: @Sendable (_ reason: String?) -> Void
    }

    /// One thunk's runs with one cancellation ID (or none): what `cancelInFlight` cancels.
    private struct ThunkPartition: Hashable, Sendable {
        let thunk: String
        let id: EffectID?
    }

    private struct Table: Sendable {
        var entries: [UInt64: Entry] = [:]
        /// The same runs by thunk and ID, and by ID alone: a cancellation
        /// looks only at the runs it cancels, however many others run.
        var partitions = NumberedGroups<ThunkPartition, Entry>()
        var byID = NumberedGroups<EffectID, Entry>()
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
            let entry = Entry(key: table.nextKey, thunk: thunk, id: id, cancel: cancel)
            table.entries[table.nextKey] = entry
            table.partitions.insert(entry, number: table.nextKey, in: ThunkPartition(thunk: thunk, id: id))
            if let id { table.byID.insert(entry, number: table.nextKey, in: id) }
            return table.nextKey
        }
    }

    /// Forgets a run whose task ended.
    func ended(_ key: UInt64) {
        table.withLock { table in
            guard let entry = table.entries.removeValue(forKey: key) else { return }
            table.partitions.remove(number: key, from: ThunkPartition(thunk: entry.thunk, id: entry.id))
            if let id = entry.id { table.byID.remove(number: key, from: id) }
        }
    }

    /// Cancels the runs of `thunk` tagged `id` (or untagged, for `nil`), but `except`.
    func cancelInFlight(of thunk: String, id: EffectID?, except key: UInt64) {
        let cancels = table.withLock { table in
            table.partitions.inOrder(ThunkPartition(thunk: thunk, id: id)).filter { $0.key != key }.map(\.cancel)
        }
        for cancel in cancels { cancel(nil) }
    }

    /// Cancels every run tagged `id`, whatever its thunk.
    func cancel(id: EffectID, reason: String?) {
        let cancels = table.withLock { table in
            table.byID.inOrder(id).map(\.cancel)  // in the order the runs started
        }
        for cancel in cancels { cancel(reason) }
    }
}
