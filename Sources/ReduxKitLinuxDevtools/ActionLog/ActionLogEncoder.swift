import Foundation

/// Encodes `Encodable` values straight to JSON bytes, for the action log's
/// writer: `JSONEncoder` costs about 1.5 µs for a one-field action, this a
/// fraction of it, which keeps the writer ahead of a store dispatching millions
/// of actions.
///
/// It streams: each container writes its opening bracket when it is created
/// and its closing one when the value that made it is finished. Anything that
/// does not fit a stream (a container written to after a later sibling was
/// started, a key encoded twice, a super-encoder, a `Decimal`) makes it give up
/// and encode the value with `JSONEncoder` instead, whose output
/// `JSONDecoder` reads back the same way. So the bytes may differ from
/// `JSONEncoder`'s (key order, number spelling) but always decode to the same
/// value. Its `codingPath` is always empty.
///
/// It belongs to one writer, which uses it under its lock (it is not `Sendable`).
/// Its `var`s are `@exclusivity(unchecked)`: the run-time exclusivity checks
/// cost a fifth of a line, and the encoder is used by one thread at a time.
final class ActionLogEncoder: Encoder {
    /// An open object or array.
    struct Frame {
        let id: UInt32
        let isObject: Bool
        /// Elements written so far (for the commas).
        var count = 0
        /// Where this object's keys start in `keys`.
        let keyStart: Int
        /// The keys, once an object has many (the linear check would be quadratic).
        var keySet: Set<String>?
    }

    /// Why the stream gave up on a value (it is then encoded with `JSONEncoder`).
    struct Unstreamable: Error {}

    /// The bytes written so far; the writer takes them and empties the buffer.
    @exclusivity(unchecked) var output: [UInt8] = []
    @exclusivity(unchecked) private(set) var frames: [Frame] = []
    /// The keys of the open objects, each object's after its parent's.
    @exclusivity(unchecked) private var keys: [String] = []
    @exclusivity(unchecked) private var nextFrameID: UInt32 = 1
    /// Whether a value is expected at the current position, not yet begun.
    @exclusivity(unchecked) private var slotOpen = false
    /// How many frames were open when the value being encoded began.
    @exclusivity(unchecked) private var valueBase = 0
    /// Numbers the values being encoded, so a single-value container is used
    /// only for its own value.
    @exclusivity(unchecked) private var valueSerial: UInt32 = 0
    @exclusivity(unchecked) private var nextValueSerial: UInt32 = 1
    /// Set when the value cannot be streamed, by calls that cannot throw.
    @exclusivity(unchecked) private var gaveUp = false
    private let fallback: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Appends `value` as JSON to ``output``.
    ///
    /// - Throws: What `JSONEncoder` throws for it (such as a `Double.nan`);
    ///   ``output`` is then as it was.
    func append<T: Encodable>(_ value: T) throws {
        let start = output.count
        do {
            try encodeValue(value)
            if gaveUp || slotOpen { throw Unstreamable() }
            reset()
        } catch {
            output.removeSubrange(start...)
            reset()
            output.append(contentsOf: try fallback.encode(value))
        }
    }

    /// Appends `action`, whose type is `A`, as JSON (see ``append(_:)``):
    /// opened rather than cast, which costs a dynamic cast's look-ups.
    func append<A: Encodable>(_ action: any Action, as type: A.Type) throws {
        func appendOpened<B: Action>(_ opened: B) throws {
            if B.self == A.self {
                try append(unsafeBitCast(opened, to: A.self))
            } else {
                try append(opened as! A)
            }
        }
        try appendOpened(action)
    }

    private func reset() {
        if !frames.isEmpty { frames.removeAll(keepingCapacity: true) }
        if !keys.isEmpty { keys.removeAll(keepingCapacity: true) }
        slotOpen = false
        valueBase = 0
        gaveUp = false
    }

    // MARK: Values

    /// Encodes one value at the current position, closing the containers it opened.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == Data.self {
            writeString((value as! Data).base64EncodedString())
        } else if T.self == URL.self {
            writeString((value as! URL).absoluteString)
        } else if T.self == Decimal.self {
            throw Unstreamable()
        } else {
            let (savedBase, savedSerial) = (valueBase, valueSerial)
            valueBase = frames.count
            valueSerial = nextValueSerial
            nextValueSerial &+= 1
            slotOpen = true
            try value.encode(to: self)
            if slotOpen {
                // Encoded nothing: JSONEncoder writes an empty object.
                slotOpen = false
                writeRaw("{}")
            }
            while frames.count > valueBase { closeTop() }
            (valueBase, valueSerial) = (savedBase, savedSerial)
        }
    }

    /// Opens an object or array in the open slot, or returns the one this value
    /// already opened (a class encoding its superclass's fields asks again).
    func openContainer(isObject: Bool) -> (id: UInt32, index: Int) {
        if slotOpen {
            slotOpen = false
            return push(isObject: isObject)
        }
        if frames.count > valueBase, frames[valueBase].isObject == isObject {
            while frames.count > valueBase + 1 { closeTop() }
            return (frames[valueBase].id, valueBase)
        }
        gaveUp = true
        return (0, 0)
    }

    private func push(isObject: Bool) -> (id: UInt32, index: Int) {
        let id = nextFrameID
        nextFrameID = nextFrameID == .max ? 1 : nextFrameID + 1
        frames.append(Frame(id: id, isObject: isObject, keyStart: keys.count))
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return (id, frames.count - 1)
    }

    private func closeTop() {
        let frame = frames.removeLast()
        if frame.isObject && keys.count > frame.keyStart { keys.removeLast(keys.count - frame.keyStart) }
        output.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Starts the next element of the container `id` at `index`: closes the
    /// nested containers finished since, writes the comma and, in an object,
    /// the key. Throws if the container is closed or belongs to an enclosing value.
    func beginElement(of id: UInt32, at index: Int, key: String?) throws {
        guard index >= valueBase, index < frames.count, frames[index].id == id, !slotOpen else {
            throw Unstreamable()
        }
        while frames.count > index + 1 { closeTop() }
        if let key {
            try claim(key, in: index)
            if frames[index].count > 0 { output.append(UInt8(ascii: ",")) }
            writeString(key)
            output.append(UInt8(ascii: ":"))
        } else if frames[index].count > 0 {
            output.append(UInt8(ascii: ","))
        }
        frames[index].count += 1
    }

    /// Records `key` in the object at `index`; throws if it is already there
    /// (JSONEncoder keeps the last value, JSONDecoder would read the first).
    private func claim(_ key: String, in index: Int) throws {
        if frames[index].keySet != nil {
            guard frames[index].keySet!.insert(key).inserted else { throw Unstreamable() }
            return
        }
        let start = frames[index].keyStart
        if keys[start...].contains(key) { throw Unstreamable() }
        keys.append(key)
        if keys.count - start > 16 { frames[index].keySet = Set(keys[start...]) }
    }

    /// Opens a container nested in the element just begun.
    func openNested(isObject: Bool) -> (id: UInt32, index: Int) {
        push(isObject: isObject)
    }

    /// Claims the open slot for a single value of the value numbered `serial`.
    func beginSingleValue(serial: UInt32) throws {
        guard slotOpen, serial == valueSerial, frames.count == valueBase else { throw Unstreamable() }
        slotOpen = false
    }

    /// Marks the value as one the stream cannot write.
    func giveUp() {
        gaveUp = true
    }

    // MARK: Primitives

    func writeNull() {
        writeRaw("null")
    }

    func writeBool(_ value: Bool) {
        writeRaw(value ? "true" : "false")
    }

    /// Appends ASCII text known at compile time.
    func writeRaw(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        // Digits from the last, in a small buffer: no String made.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            var magnitude = value.magnitude
            var start = 40
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<40]))
        }
    }

    func writeFloatingPoint<Float: FloatingPoint & LosslessStringConvertible>(_ value: Float) throws {
        guard value.isFinite else { throw Unstreamable() }  // JSONEncoder throws the error
        output.append(contentsOf: value.description.utf8)
    }

    /// Writes `string` as a JSON string: quotes, backslashes and control
    /// characters escaped, everything else (slashes and non-ASCII) as it is.
    func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    output.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                        hex[Int(byte & 0xF)],
                    ])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (id, index) = openContainer(isObject: true)
        return KeyedEncodingContainer(ActionLogKeyedContainer<Key>(encoder: self, id: id, index: index))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let (id, index) = openContainer(isObject: false)
        return ActionLogUnkeyedContainer(encoder: self, id: id, index: index)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ActionLogSingleValueContainer(encoder: self, serial: valueSerial)
    }
}
