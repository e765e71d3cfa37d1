/// The hash table that finds an ``IdentifiedArray``'s elements by id: open
/// addressing with linear probing over 32-bit buckets, each holding an
/// element's position (its offset) and a few bits of its id's hash (its tag),
/// never the id itself. A lookup hashes the id, walks the buckets from the
/// id's own one, and compares the id with `elements[offset].id` only where the
/// tag agrees; an empty bucket ends the walk.
///
/// Offsets are kept relative to a bias (the scheme of swift-collections'
/// `OrderedSet`): a bucket stores `(offset + bias) mod 2^scale`, so adding 1 to
/// every offset is one change of `bias`. Inserting or removing at a position
/// then rewrites the offsets of the shorter side only (at the front: none).
///
/// A collection of at most ``maximumUnhashedCount`` elements has no table (its
/// ids are scanned); the table comes with the first element past that and has
/// at least 4/3 as many buckets as elements.
@usableFromInline
struct IdentifiedArrayTable: Sendable {
    /// Collections of at most this many elements have no table.
    @inlinable static var maximumUnhashedCount: Int { 16 }

    /// The buckets (2^`scale` of them; none without a table): 0 is empty, any
    /// other is `tag << scale | (offset + bias) mod 2^scale`, where the tag
    /// (never 0) is `32 - scale` bits of the id's hash.
    @usableFromInline var buckets: ContiguousArray<UInt32>
    /// log₂ of the bucket count: 0 without a table, else 5 ... 31.
    @usableFromInline var scale: Int
    /// What every stored offset has added to it, modulo the bucket count.
    @usableFromInline var bias: Int

    /// No table.
    @inlinable
    init() {
        buckets = []
        scale = 0
        bias = 0
    }

    /// An empty table of 2^`scale` buckets.
    @inlinable
    init(scale: Int) {
        buckets = ContiguousArray(repeating: 0, count: 1 &<< scale)
        self.scale = scale
        bias = 0
    }

    /// Whether there is a table (otherwise the ids are scanned).
    @inlinable var isHashed: Bool { scale != 0 }

    /// The bucket count less one.
    @inlinable var mask: Int { (1 &<< scale) &- 1 }

    /// How many elements the table (or its absence) serves before it grows:
    /// 3/4 of the buckets.
    @inlinable var capacity: Int { isHashed ? (1 &<< scale) / 4 * 3 : Self.maximumUnhashedCount }

    /// The scale of a table for `count` elements.
    @inlinable
    static func scale(for count: Int) -> Int {
        var scale = 5
        while (1 &<< scale) / 4 * 3 < count { scale += 1 }
        precondition(scale <= 31, "An IdentifiedArray holds at most 1,610,612,736 elements")
        return scale
    }

    /// The hash of `id` in this table (seeded with the scale, so a table of
    /// another size orders its ids otherwise).
    @inlinable
    func hash<ID: Hashable>(_ id: ID) -> Int {
        id._rawHashValue(seed: scale)
    }

    /// The tag of `hash`: `32 - scale` of its high bits, never 0.
    @inlinable
    func tag(_ hash: Int) -> UInt32 {
        let tag = UInt32(truncatingIfNeeded: UInt(bitPattern: hash) &>> 32) & (UInt32.max &>> UInt32(scale))
        return tag == 0 ? 1 : tag
    }

    /// The bucket of `offset` with `tag`.
    @inlinable
    func word(_ tag: UInt32, _ offset: Int) -> UInt32 {
        (tag &<< UInt32(scale)) | UInt32(truncatingIfNeeded: (offset &+ bias) & mask)
    }

    /// The offset a non-empty bucket holds.
    @inlinable
    func offset(_ word: UInt32) -> Int {
        Int(word &- UInt32(truncatingIfNeeded: bias)) & mask
    }

    /// Where the element with `id` is: its offset, or `nil` and the empty
    /// bucket where it would go (0 without a table).
    @inlinable
    func find<Element: Identifiable>(_ id: Element.ID, in elements: ContiguousArray<Element>) -> (
        offset: Int?, bucket: Int
    ) {
        guard isHashed else { return (elements.firstIndex { $0.id == id }, 0) }
        let hash = hash(id)
        let tag = tag(hash)
        let mask = mask
        var bucket = hash & mask
        while true {
            let word = buckets[bucket]
            if word == 0 { return (nil, bucket) }
            if word &>> UInt32(scale) == tag {
                let offset = offset(word)
                if elements[offset].id == id { return (offset, bucket) }
            }
            bucket = (bucket &+ 1) & mask
        }
    }

    /// The bucket that holds `offset`, whose element's id has `hash`.
    @inlinable
    func bucket(of offset: Int, hash: Int) -> Int {
        let word = word(tag(hash), offset)
        let mask = mask
        var bucket = hash & mask
        while buckets[bucket] != word { bucket = (bucket &+ 1) & mask }
        return bucket
    }

    /// Makes the offset of the element whose id has `hash` `to` rather than `from`.
    @inlinable
    mutating func move(hash: Int, from: Int, to: Int) {
        let bucket = bucket(of: from, hash: hash)
        buckets[bucket] = word(tag(hash), to)
    }

    /// Fills a table of the scale for `count` (at least `elements.count`)
    /// with `elements`, or drops it for so few; returns the offset of the
    /// first element whose id an earlier one has, if asked to look.
    @inlinable
    @discardableResult
    mutating func rebuild<Element: Identifiable>(
        for count: Int, from elements: ContiguousArray<Element>, checkingDuplicates: Bool = false
    ) -> Int? {
        guard count > Self.maximumUnhashedCount else {
            self = Self()
            guard checkingDuplicates else { return nil }
            var seen = Set<Element.ID>()
            return elements.indices.first { !seen.insert(elements[$0].id).inserted }
        }
        self = Self(scale: Self.scale(for: count))
        let mask = mask
        for offset in elements.indices {
            let hash = hash(elements[offset].id)
            if checkingDuplicates {
                let found = find(elements[offset].id, in: elements)
                if found.offset != nil { return offset }
                buckets[found.bucket] = word(tag(hash), offset)
            } else {
                var bucket = hash & mask
                while buckets[bucket] != 0 { bucket = (bucket &+ 1) & mask }
                buckets[bucket] = word(tag(hash), offset)
            }
        }
        return nil
    }

    /// Makes room for an element whose id (`id`, not in the table, whose
    /// empty bucket `find` gave) goes in at `offset`, before it is inserted
    /// into `elements`; grows the table first if it is full.
    @inlinable
    mutating func insert<Element: Identifiable>(
        _ id: Element.ID, at offset: Int, bucket: Int, in elements: ContiguousArray<Element>
    ) {
        var bucket = bucket
        if elements.count >= capacity {
            rebuild(for: elements.count &+ 1, from: elements)
            if isHashed { bucket = find(id, in: elements).bucket }
        }
        guard isHashed else { return }
        let count = elements.count
        if offset >= count &- offset {
            // The elements after `offset` move up by one.
            var position = count &- 1
            while position >= offset {
                move(hash: hash(elements[position].id), from: position, to: position &+ 1)
                position &-= 1
            }
        } else {
            // Every offset goes up by one, then those before `offset` come back.
            bias = (bias &- 1) & mask
            for position in 0..<offset {
                move(hash: hash(elements[position].id), from: position &+ 1, to: position)
            }
        }
        buckets[bucket] = word(tag(hash(id)), offset)
    }

    /// Drops the element at `offset` (in `bucket`, if known), before it is
    /// removed from `elements`: the offsets after it go down by one.
    @inlinable
    mutating func remove<Element: Identifiable>(at offset: Int, bucket: Int?, in elements: ContiguousArray<Element>) {
        guard isHashed else { return }
        delete(bucket ?? self.bucket(of: offset, hash: hash(elements[offset].id)), in: elements)
        let count = elements.count
        if count &- 1 &- offset <= offset {
            for position in (offset &+ 1)..<count {
                move(hash: hash(elements[position].id), from: position, to: position &- 1)
            }
        } else {
            // Those before `offset` go up by one, then every offset comes down.
            var position = offset &- 1
            while position >= 0 {
                move(hash: hash(elements[position].id), from: position, to: position &+ 1)
                position &-= 1
            }
            bias = (bias &+ 1) & mask
        }
    }

    /// Empties `bucket`, moving back the later buckets of its run that
    /// would no longer be found past the hole (no tombstones).
    @inlinable
    mutating func delete<Element: Identifiable>(_ bucket: Int, in elements: ContiguousArray<Element>) {
        let mask = mask
        var hole = bucket
        var next = (bucket &+ 1) & mask
        while true {
            let word = buckets[next]
            if word == 0 { break }
            let home = hash(elements[offset(word)].id) & mask
            // It moves back unless its home lies after the hole, up to it.
            if (next &- home) & mask >= (next &- hole) & mask {
                buckets[hole] = word
                hole = next
            }
            next = (next &+ 1) & mask
        }
        buckets[hole] = 0
    }

    /// Moves the element at `offset` from the id `old` to the id it now has
    /// in `elements`; returns `false` if another element has that id (the
    /// table has then lost the element: the caller stops the process).
    @inlinable
    mutating func rename<Element: Identifiable>(
        at offset: Int, from old: Element.ID, in elements: ContiguousArray<Element>
    ) -> Bool {
        let new = elements[offset].id
        guard isHashed else {
            return elements.indices.allSatisfy { $0 == offset || elements[$0].id != new }
        }
        // Found by offset, not id: the element there already has its new id.
        delete(bucket(of: offset, hash: hash(old)), in: elements)
        let found = find(new, in: elements)
        guard found.offset == nil else { return false }
        buckets[found.bucket] = word(tag(hash(new)), offset)
        return true
    }

    /// Swaps the offsets of the elements at `i` and `j`, after they were
    /// swapped in `elements`.
    @inlinable
    mutating func swapAt<Element: Identifiable>(_ i: Int, _ j: Int, in elements: ContiguousArray<Element>) {
        guard isHashed else { return }
        let hashI = hash(elements[i].id)
        let hashJ = hash(elements[j].id)
        let bucketI = bucket(of: j, hash: hashI)
        let bucketJ = bucket(of: i, hash: hashJ)
        buckets[bucketI] = word(tag(hashI), i)
        buckets[bucketJ] = word(tag(hashJ), j)
    }
}
