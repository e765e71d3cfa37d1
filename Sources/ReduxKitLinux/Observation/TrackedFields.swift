#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One key path of the state that an ``ObservableStore`` has been read
/// through: the key the model's registrar knows it by, how to tell whether its
/// value changed, and where it lies in the state's own bytes, if it lies there.
final class TrackedField<State> {
    /// Compares the field in two states, given by their addresses.
    typealias Differs = (_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool

    /// The key path of the state this field reads.
    let keyPath: AnyKeyPath
    /// The key path the registrar knows this field by (one per field, formed once).
    let registrarKey: KeyPath<ObservableStore<State>, Int>
    /// Whether the field's value differs between two states: `!=` for an
    /// `Equatable` value, always `true` otherwise.
    let differs: Differs
    /// The bytes of the state the value is stored in, when the key path is made
    /// of stored properties of structs and tuples only
    /// (`MemoryLayout<State>.offset(of:)`); `nil` for a key path through a
    /// collection, an optional, a class or a computed property.
    let bytes: Range<Int>?
    /// Whether the field was read since its readers were last told it changed.
    /// A field no one has read since then has no observer left (an observation
    /// ends at the first change it hears of), so it is dropped, not compared.
    var readSinceChange = true
    /// The last scan that found this field a candidate, so a field spanning two
    /// differing chunks is compared once.
    var scanStamp: UInt64 = 0
    /// For an element of an array read by index (`model[\.todos, 3]`): which
    /// one. Such a field is found through its ``TrackedArray``.
    let element: ElementKey?

    init(
        keyPath: AnyKeyPath, registrarKey: KeyPath<ObservableStore<State>, Int>,
        differs: @escaping Differs, bytes: Range<Int>?, element: ElementKey? = nil
    ) {
        self.keyPath = keyPath
        self.registrarKey = registrarKey
        self.differs = differs
        self.bytes = bytes
        self.element = element
    }
}

/// Which key paths a new state could make trap, so an ``ObservableStore``
/// never applies them to one: a path through an index subscript of an
/// `Array`, a `ContiguousArray` or an `ArraySlice` (`\.todos[3].done` once
/// row 3 is gone), or through a force unwrap (`\.user!.name`). Other computed
/// properties and subscripts (`\.todos.count`, a dictionary's optional
/// subscript) are applied as before.
///
/// Read off the key path's description, which shows a force unwrap as `!`
/// and each subscript or computed property as `<computed 0x… (Value)>`, the
/// address that of its getter: the standard library's array index subscripts
/// have one getter each, whatever the element type, found from a key path of
/// its own. Should the description stop showing getters that way, every path
/// but one of stored properties and optional chains counts as one that may
/// trap (readers are then told of more changes, never fewer).
enum KeyPathSafety {
    /// The start of the description of each array index subscript's
    /// component (`<computed 0x00007f…`), or `nil` if descriptions do not show it.
    private static let indexSubscripts: [String]? = {
        let references: [AnyKeyPath] = [\[Int].[0], \ContiguousArray<Int>.[0], \ArraySlice<Int>.[0]]
        var markers: [String] = []
        for reference in references {
            let description = reference.debugDescription
            guard let start = description.firstRange(of: "<computed 0x"),
                let end = description[start.upperBound...].firstIndex(of: " ")
            else { return nil }
            markers.append(String(description[start.lowerBound..<end]))
        }
        return markers
    }()

    /// Whether applying `keyPath` to any state is sure not to trap.
    static func cannotTrap(_ keyPath: AnyKeyPath) -> Bool {
        let description = keyPath.debugDescription
        if description.contains("!") { return false }
        guard let indexSubscripts else { return !description.contains { "<>()[]".contains($0) } }
        return !indexSubscripts.contains { description.contains($0) }
    }
}

/// The fields an ``ObservableStore`` has been read through, one entry per
/// distinct key path however many readers share it, and the search for those
/// whose value a new state changed.
///
/// The search costs what the change costs, not what was read: a field stored
/// inline in the state (a stored property, however deep, of structs and
/// tuples) is compared only if its bytes differ, and the state's bytes are
/// scanned in chunks, so unchanged fields cost a share of one `memcmp`. Only
/// the fields whose bytes differ are compared with `==`. Fields reached through
/// a collection, an optional, a class or a computed property have no fixed
/// bytes, and are compared on every new state (unless the whole state's bytes
/// are unchanged).
struct TrackedFields<State> {
    /// Every tracked field, by the key path of the state it reads.
    private(set) var byKeyPath: [AnyKeyPath: TrackedField<State>] = [:]
    /// The fields by the identity of key path objects already seen, which
    /// the same key path literal, read again, usually is: hashing an identity
    /// costs less than hashing a key path. Holds those objects, so that an
    /// identity is not reused while it is here.
    private var byIdentity: [ObjectIdentifier: (keyPath: AnyKeyPath, field: TrackedField<State>)] = [:]
    /// The elements of arrays read by index, and the arrays they belong to.
    private var elements: [ElementKey: TrackedField<State>] = [:]
    private var arrays: [AnyKeyPath: TrackedArray<State>] = [:]
    /// The inline fields sorted by their first byte, and the greatest end of
    /// the ranges up to each one (fields nest, so ranges overlap).
    private var inline: [TrackedField<State>] = []
    private var greatestEnd: [Int] = []
    /// The fields with no fixed bytes.
    private var elsewhere: [TrackedField<State>] = []
    /// Whether `inline` and `elsewhere` must be rebuilt from `byKeyPath`.
    private var indexIsStale = false
    private var scans: UInt64 = 0

    /// The field read through `keyPath`, made by `make` the first time.
    mutating func field(for keyPath: AnyKeyPath, make: () -> TrackedField<State>) -> TrackedField<State> {
        let identity = ObjectIdentifier(keyPath)
        if let known = byIdentity[identity] { return known.field }
        let field: TrackedField<State>
        if let tracked = byKeyPath[keyPath] {
            field = tracked
        } else {
            field = make()
            byKeyPath[keyPath] = field
            indexIsStale = true
        }
        // Key paths made anew for each read would fill it: bounded.
        if byIdentity.count > 2 * byKeyPath.count + 64 { byIdentity.removeAll(keepingCapacity: true) }
        byIdentity[identity] = (keyPath, field)
        return field
    }

    /// How many fields are tracked.
    var count: Int { byKeyPath.count + elements.count }

    /// The field for one element of an array (or a field of it), made by
    /// `make` the first time, with its array's entry made by `makeArray`.
    mutating func element(
        _ key: ElementKey, makeArray: () -> TrackedArray<State>, make: () -> TrackedField<State>
    ) -> TrackedField<State> {
        if let field = elements[key] { return field }
        let field = make()
        elements[key] = field
        let array = arrays[key.array] ?? makeArray()
        arrays[key.array] = array
        array.elements[key.index, default: []].append(field)
        return field
    }

    /// The fields whose value differs between `old` and `new`, each once.
    /// Fields no one has read since they last changed are dropped instead.
    mutating func changedFields(
        from old: UnsafeMutablePointer<State>, to new: UnsafeMutablePointer<State>
    ) -> [TrackedField<State>] {
        if byKeyPath.isEmpty && elements.isEmpty { return [] }
        if indexIsStale { rebuildIndex() }
        scans &+= 1
        let old = UnsafeRawPointer(old)
        let new = UnsafeRawPointer(new)
        let size = MemoryLayout<State>.size
        var candidates: [TrackedField<State>] = []
        let anyByteDiffers = collectInline(in: 0..<size, old: old, new: new, stamp: scans, into: &candidates)
        if anyByteDiffers || size == 0 {
            candidates.append(contentsOf: elsewhere)
            for array in arrays.values { array.collect(old: old, new: new, stamp: scans, into: &candidates) }
        }
        var changed: [TrackedField<State>] = []
        for field in candidates {
            // No one observes a field not read since its readers were told:
            // dropped without applying its key path to the new state.
            guard field.readSinceChange else {
                drop(field)
                continue
            }
            if field.differs(old, new) {
                field.readSinceChange = false
                changed.append(field)
            }
        }
        return changed
    }

    /// Adds to `candidates` the inline fields whose bytes differ in `range`
    /// (see ``forEachDifferingChunk(in:old:new:_:)``); returns whether any byte differs.
    private func collectInline(
        in range: Range<Int>, old: UnsafeRawPointer, new: UnsafeRawPointer, stamp: UInt64,
        into candidates: inout [TrackedField<State>]
    ) -> Bool {
        forEachDifferingChunk(in: range, old: old, new: new) { chunk in
            collectInline(overlapping: chunk, old: old, new: new, stamp: stamp, into: &candidates)
        }
    }

    /// Adds to `candidates` the inline fields overlapping `chunk` whose own
    /// bytes differ, unless this scan has already added them.
    private func collectInline(
        overlapping chunk: Range<Int>, old: UnsafeRawPointer, new: UnsafeRawPointer, stamp: UInt64,
        into candidates: inout [TrackedField<State>]
    ) {
        // The first field whose range, or an earlier field's, reaches into the chunk.
        var low = 0
        var high = inline.count
        while low < high {
            let middle = (low + high) / 2
            if greatestEnd[middle] > chunk.lowerBound { high = middle } else { low = middle + 1 }
        }
        var index = low
        while index < inline.count, let bytes = inline[index].bytes, bytes.lowerBound < chunk.upperBound {
            let field = inline[index]
            index += 1
            guard field.scanStamp != stamp, bytes.upperBound > chunk.lowerBound else { continue }
            if bytes.isEmpty || memcmp(old + bytes.lowerBound, new + bytes.lowerBound, bytes.count) == 0 { continue }
            field.scanStamp = stamp
            candidates.append(field)
        }
    }

    /// Stops tracking `field`.
    private mutating func drop(_ field: TrackedField<State>) {
        if let key = field.element {
            elements[key] = nil
            guard let array = arrays[key.array] else { return }
            array.elements[key.index]?.removeAll { $0 === field }
            if array.elements[key.index]?.isEmpty == true { array.elements[key.index] = nil }
            if array.elements.isEmpty { arrays[key.array] = nil }
            return
        }
        byKeyPath[field.keyPath] = nil
        byIdentity.removeAll(keepingCapacity: true)
        indexIsStale = true
    }

    private mutating func rebuildIndex() {
        inline = byKeyPath.values.filter { $0.bytes != nil }.sorted { $0.bytes!.lowerBound < $1.bytes!.lowerBound }
        elsewhere = byKeyPath.values.filter { $0.bytes == nil }
        greatestEnd = []
        greatestEnd.reserveCapacity(inline.count)
        var greatest = 0
        for field in inline {
            greatest = Swift.max(greatest, field.bytes!.upperBound)
            greatestEnd.append(greatest)
        }
        indexIsStale = false
    }
}

/// The size of the pieces differing bytes are narrowed down to before the
/// fields inside are looked at.
let differingChunkSize = 64

/// Calls `body` with each piece of `range`, at most ``differingChunkSize``
/// bytes, in which the bytes at `old` and `new` differ, found by halving the
/// range with one `memcmp` a half; returns whether any byte differs.
@discardableResult
func forEachDifferingChunk(
    in range: Range<Int>, old: UnsafeRawPointer, new: UnsafeRawPointer, _ body: (Range<Int>) -> Void
) -> Bool {
    if range.isEmpty || memcmp(old + range.lowerBound, new + range.lowerBound, range.count) == 0 { return false }
    if range.count <= differingChunkSize {
        body(range)
        return true
    }
    let middle = range.lowerBound + (range.count / 2 + 7) & ~7
    forEachDifferingChunk(in: range.lowerBound..<middle, old: old, new: new, body)
    forEachDifferingChunk(in: middle..<range.upperBound, old: old, new: new, body)
    return true
}
