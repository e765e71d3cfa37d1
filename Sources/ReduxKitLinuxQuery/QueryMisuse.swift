import ReduxKitLinux

/// The rules the query product enforces at run time, each with the exact
/// message the process stops with when the rule is broken (through the core's
/// `Misuse.fail(_:)`, so every message starts "ReduxKitLinux: ").
package enum QueryMisuse {
    /// A subscription was dispatched to a store without the cache's middleware.
    package static func subscribeWithoutMiddleware(_ cache: String) -> String {
        "Subscribing to the query cache '\(cache)' needs its middleware, after the thunk middleware: "
            + "applyMiddleware(thunkMiddleware(), \(cache).middleware())."
    }
    /// The cache's middleware met a query fetch without the thunk middleware before it.
    package static func middlewareWithoutThunks(_ cache: String) -> String {
        "The query cache '\(cache)' fetches with async thunks: put thunkMiddleware() before its middleware, "
            + "applyMiddleware(thunkMiddleware(), \(cache).middleware())."
    }
    /// Two endpoints of one cache were given the same name.
    package static func duplicateEndpoint(_ name: String, in cache: String) -> String {
        "The query cache '\(cache)' already has an endpoint named '\(name)': each endpoint needs a name of its own "
            + "(it names the entries and the actions)."
    }
    /// A test set an entry under a key that is not its own.
    package static func entryUnderAnotherKey(_ entryKey: QueryKey, _ key: QueryKey) -> String {
        "An entry goes under its own key: state.api[\(entryKey)] = entry, not state.api[\(key)]."
    }
    /// An infinite query was given a `maxPages` below one.
    package static func maxPagesBelowOne(_ name: String, _ maxPages: Int) -> String {
        "The infinite query '\(name)' keeps at least one page: maxPages is \(maxPages)."
    }
    /// An infinite query was given `maxPages` without `previousPageParam`.
    package static func maxPagesWithoutPreviousPageParam(_ name: String) -> String {
        "The infinite query '\(name)' drops pages beyond maxPages, so it needs previousPageParam "
            + "to fetch the first ones again."
    }
}
