/// Reads a ``JSONValue`` through a `Decoder`'s containers, guessing each
/// value's kind from the value read last in the same place.
///
/// `JSONDecoder` cannot say what kind a value is, only throw when it is asked
/// for a kind the value is not, and a throw costs more than the read
/// (`DecodingError` carries the coding path). Asked in a fixed order, a
/// state's values would cost several throws each: a 10^5-element array of
/// small structs, over a second. But a state's values keep their kinds: the
/// elements of an array are alike, and so are the members of one key in
/// objects found in one place. So a ``JSONKindHint`` per place (an object's
/// key, an array's elements) remembers the kind read last, which is asked for
/// first, and all but the first value in each place read without a throw.
///
/// The guess changes how fast a value reads, never what it reads as: a number
/// is an integer exactly when `Int64` reads it, as ``JSONValue`` says, guessed
/// or not.
enum JSONValueReader {
    /// The kinds, in the order they are asked for when the guess was wrong
    /// or missing (after `null`, which is checked without a throw).
    private static let kinds: [JSONKindHint.Kind] = [.string, .integer, .double, .bool, .object, .array]

    /// The value in `slot`, its kind guessed from `hint`, which learns it.
    ///
    /// - Throws: What `JSONDecoder` throws while reading a container's
    ///   members; `DecodingError.dataCorrupted` if the value is of no kind.
    static func read<Slot: JSONValueSlot>(_ slot: inout Slot, hint: JSONKindHint) throws -> JSONValue {
        // The guess first (a `null` check costs a look-up of its own), unless it is `null`.
        if let guess = hint.kind, guess != .null, let value = try read(guess, from: &slot, hint: hint) {
            return value
        }
        if try slot.decodeNil() {
            hint.learn(.null)
            return .null
        }
        for kind in kinds where kind != hint.kind {
            if let value = try read(kind, from: &slot, hint: hint) { return value }
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: slot.codingPath, debugDescription: "not a JSON value"))
    }

    /// The value in `slot` if it is of `kind` (an integer or a double: if it
    /// is a number); `nil` if not, or if `kind` is `null` (checked apart).
    /// `hint` learns the kind read.
    private static func read<Slot: JSONValueSlot>(
        _ kind: JSONKindHint.Kind, from slot: inout Slot, hint: JSONKindHint
    ) throws -> JSONValue? {
        let value: JSONValue
        switch kind {
        case .null:
            return nil
        case .string:
            guard let string = try? slot.decode(String.self) else { return nil }
            value = .string(string)
        case .bool:
            guard let bool = try? slot.decode(Bool.self) else { return nil }
            value = .bool(bool)
        case .integer, .double:
            guard let number = readNumber(from: &slot, integerFirst: kind == .integer) else { return nil }
            value = number
        case .object:
            guard let object = try? slot.keyedContainer() else { return nil }
            var members: [String: JSONValue] = [:]
            let keys = object.allKeys
            members.reserveCapacity(keys.count)
            for key in keys {
                var member = JSONMemberSlot(container: object, key: key)
                members[key.stringValue] = try read(&member, hint: hint.member(key.stringValue))
            }
            value = .object(members)
        case .array:
            guard let array = try? slot.unkeyedContainer() else { return nil }
            var element = JSONElementSlot(container: array)
            var elements: [JSONValue] = []
            if let count = array.count { elements.reserveCapacity(count) }
            let elementHint = hint.element
            while !element.container.isAtEnd {
                elements.append(try read(&element, hint: elementHint))
            }
            value = .array(elements)
        }
        hint.learn(value)
        return value
    }

    /// The number in `slot`, if it is one: an integer if `Int64` reads it,
    /// else a double. A guessed double is read as a `Double` first, and as an
    /// `Int64` too only if it is a whole number (`Int64` reads no other).
    private static func readNumber<Slot: JSONValueSlot>(from slot: inout Slot, integerFirst: Bool) -> JSONValue? {
        if integerFirst {
            if let integer = try? slot.decode(Int64.self) { return .integer(integer) }
            return (try? slot.decode(Double.self)).map(JSONValue.double)
        }
        guard let (double, integer) = slot.decodeDoubleAndWholeNumber() else {
            return (try? slot.decode(Int64.self)).map(JSONValue.integer)
        }
        return integer.map(JSONValue.integer) ?? .double(double)
    }
}
