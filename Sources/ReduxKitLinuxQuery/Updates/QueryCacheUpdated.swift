import Foundation
import Synchronization

/// The numbers of hand-made updates, unique in the process.
enum QueryUpdateNumbers {
    private static let counter = Atomic<UInt64>(0)

    /// A number no hand-made update had (from 1).
    static func next() -> UInt64 { counter.add(1, ordering: .relaxed).newValue }
}

/// The action that changes cached entries by hand, made by
/// ``QueryCache/update(_:)``.
public struct QueryCacheUpdated: Action, QueryCacheAction {
    /// The name of the cache it is addressed to.
    public let cacheName: String
    /// Names its patch layers, for ``undo``.
    public let id: QueryPatchID
    /// The changes.
    public let updates: [QueryCacheUpdate]
    /// When an entry it makes (an upsert of an entry not in the cache) was
    /// fulfilled: stamped by the cache's middleware from `dependencies.date`.
    var createdAt: Date?

    /// The entries it upserts.
    var upsertedKeys: [QueryKey] {
        updates.compactMap { update in
            if case .upsert = update.change { return update.key }
            return nil
        }
    }

    /// `"api/updated"`.
    public var type: String { "\(cacheName)/updated" }

    /// The action that takes this update's patches back (its upserts stay).
    public var undo: QueryPatchUndone { QueryPatchUndone(cacheName: cacheName, id: id) }
}

/// The action that takes back the patch layers of one update.
public struct QueryPatchUndone: Action, QueryCacheAction {
    /// The name of the cache it is addressed to.
    public let cacheName: String
    /// The update whose layers go.
    public let id: QueryPatchID

    /// `"api/patchUndone"`.
    public var type: String { "\(cacheName)/patchUndone" }
}
