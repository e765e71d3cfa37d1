/// What ``JSONValueReader`` remembers of one place in a JSON document (the
/// root, an object's key, an array's elements): the kind of the value read
/// there last, and the hints of the places inside it.
///
/// One object's keys are remembered up to ``maximumKeys``; the members of
/// other keys share one hint (an object keyed by ids, whose keys never come
/// back, does not grow its hint without end, and its members, alike, share
/// their kinds).
///
/// It is `@unchecked Sendable` only to go into a decoder's `userInfo` (whose
/// values must be `Sendable`): it is mutable and unlocked, and holds nothing of
/// the app's (only kinds). Why no race is possible: each hint is made by one
/// ``StateChangeRecorder`` and reached only through that recorder's decoder;
/// the action log's recorder lives in ``ActionLogLines``, which
/// ``ActionLogSink`` uses only with its `io` lock held, so one thread at a time
/// reads and writes it.
final class JSONKindHint: @unchecked Sendable {
    /// Where a decoder's `userInfo` holds the hint ``JSONValue``s start from.
    static let userInfoKey = CodingUserInfoKey(rawValue: "ReduxKitLinux.JSONKindHint")!

    /// A value's kind, with integers told from doubles.
    enum Kind: Equatable {
        /// One case per case of ``JSONValue``.
        case null, string, integer, double, bool, object, array
    }

    /// How many keys of the objects read here get a hint of their own.
    static let maximumKeys = 64

    /// The kind of the value read here last; `nil` before the first.
    private(set) var kind: Kind?
    /// The hint of the elements of the arrays read here, once there was one.
    private var elementHint: JSONKindHint?
    /// The hints of the members of the objects read here, by key (``maximumKeys`` at most).
    private var memberHints: [String: JSONKindHint] = [:]
    /// The hint the members of all other keys share, once there was one.
    private var otherMembersHint: JSONKindHint?

    /// The hint of the elements of the arrays read here.
    var element: JSONKindHint {
        if let elementHint { return elementHint }
        let hint = JSONKindHint()
        elementHint = hint
        return hint
    }

    /// The hint of the members at `key` of the objects read here.
    func member(_ key: String) -> JSONKindHint {
        if let hint = memberHints[key] { return hint }
        let hint: JSONKindHint
        if memberHints.count < Self.maximumKeys {
            hint = JSONKindHint()
            memberHints[key] = hint
        } else if let otherMembersHint {
            hint = otherMembersHint
        } else {
            hint = JSONKindHint()
            otherMembersHint = hint
        }
        return hint
    }

    /// Remembers the kind of `value`, read here.
    func learn(_ value: JSONValue) {
        switch value {
        case .null: kind = .null
        case .bool: kind = .bool
        case .integer: kind = .integer
        case .double: kind = .double
        case .string: kind = .string
        case .array: kind = .array
        case .object: kind = .object
        }
    }
}
