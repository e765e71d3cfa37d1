import ReduxKitLinux

/// The rules the devtools product enforces at run time, each with the exact
/// message the process stops with when the rule is broken (through the core's
/// `Misuse.fail(_:)`, so every message starts "ReduxKitLinux: ").
package enum DevtoolsMisuse {
    /// A TimeTravel's enhancer was applied to a second store.
    package static let timeTravelRecordsOneStore =
        "A TimeTravel records one store; make one TimeTravel for each store."
    /// A TimeTravel was made to keep fewer than two entries.
    package static let timeTravelCapacity = "TimeTravel(capacity:) needs a capacity of at least 2."
    /// A TimeTravel's enhancer was applied on top of a store that is not a store's own core.
    package static let timeTravelNeedsARootStore =
        "TimeTravel needs a store created by createStore (not a scoped store)."

    /// Two action types were registered under one name.
    package static let actionRegistryNameTaken =
        "Another action type is already registered under this name; give one of them a name of its own"
    /// An ActionLog's enhancer was applied to a second store.
    package static let actionLogRecordsOneStore =
        "An ActionLog records one store; make one ActionLog for each store and file."
    /// An ActionLog's enhancer was applied on top of a store that is not a store's own core.
    package static let actionLogNeedsARootStore =
        "ActionLog needs a store created by createStore (not a scoped store)."
    /// An action log was replayed into a store that is not a store's own core.
    package static let replayNeedsARootStore =
        "replayActionLog feeds a log to a store's reducer: replay into a store created by createStore "
        + "(not a scoped store)."

    /// An ActionLogRotation was made with a size below one byte.
    package static let actionLogRotationSize = "ActionLogRotation(maxBytes:keep:) needs maxBytes of at least 1."
    /// An ActionLogRotation was made to keep a negative number of files.
    package static let actionLogRotationKeep = "ActionLogRotation(maxBytes:keep:) needs keep of at least 0."
    /// A CrashRecovery's enhancer was applied to a second store.
    package static let crashRecoveryKeepsOneStore =
        "A CrashRecovery recovers one store; make one (with its Persistence and ActionLog) for each store."

    /// A Persistence's enhancer was applied to a second store.
    package static let persistenceKeepsOneStore =
        "A Persistence keeps one store's state; make one Persistence for each store and file."
}
