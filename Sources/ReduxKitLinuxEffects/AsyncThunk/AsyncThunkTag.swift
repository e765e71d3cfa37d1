/// An async thunk run's place among its store's runs that can be cancelled
/// by key (``ThunkCancellations``): registered when it is dispatched, so
/// ``CancelEffects`` reaches it from then on, and forgotten when its task ends.
struct ThunkRunTag: Sendable {
    let table: ThunkCancellations
    let key: UInt64
    let thunk: String
    let id: EffectID?
    let cancelInFlight: Bool
    /// The run's task, once it exists: what cancelling the run cancels.
    let slot: TaskSlot

    /// The run starts (its condition said yes): with `cancelInFlight`, the
    /// thunk's older runs with the same ID are cancelled.
    func starts() {
        if cancelInFlight { table.cancelInFlight(of: thunk, id: id, except: key) }
    }

    /// The run's task ended.
    func ended() {
        table.ended(key)
    }
}

extension AsyncThunk {
    /// Tags a run with `argument` in `table`, if the thunk has a
    /// `cancellationID` that gives one for it, or `cancelInFlight` without one.
    ///
    /// - Returns: The run's tag, or `nil` if it is not tagged.
    func tag(for argument: Argument, run: AsyncThunkRun<some Sendable>, in table: ThunkCancellations) -> ThunkRunTag? {
        let id: EffectID?
        if let cancellationID = options.cancellationID {
            guard let given = cancellationID(argument) else { return nil }
            id = EffectID(given)
        } else {
            guard options.cancelInFlight else { return nil }
            id = nil
        }
        let slot = TaskSlot()
        let key = table.register(thunk: typePrefix, id: id) { reason in
            run.requestCancel(reason: reason)
            slot.cancel()
        }
        return ThunkRunTag(
            table: table, key: key, thunk: typePrefix, id: id, cancelInFlight: options.cancelInFlight, slot: slot)
    }
}
