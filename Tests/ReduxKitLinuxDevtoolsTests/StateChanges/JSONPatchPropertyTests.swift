import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinuxDevtools

/// For random pairs of JSON values, most of them one a few edits away from the
/// other: `apply(difference(from: a, to: b), to: a) == b`, also once the
/// operations have been written as JSON and read back, and a value has no
/// difference from itself; and a value written as JSON reads back as it was.
/// Seeded, so a failure replays.
@Suite("JSON Patch properties")
struct JSONPatchPropertyTests {
    /// Makes random JSON values and edits of them.
    struct Generator {
        /// The seeded source of every choice.
        var random: SplitMix64

        /// A number from `0..<bound`.
        mutating func below(_ bound: Int) -> Int {
            Int(random.next() % UInt64(bound))
        }

        /// A key, often one that needs escaping or is shared with other objects.
        mutating func key() -> String {
            ["a", "b", "c", "", "a/b", "~", "~1", "/", "x~0/y", "é"][below(10)]
        }

        /// A random value, nested at most `depth` more levels.
        mutating func value(depth: Int) -> JSONValue {
            switch below(depth > 0 ? 8 : 5) {
            case 0: return .null
            case 1: return .bool(below(2) == 0)
            case 2: return .integer(Int64(below(5)) - 2)
            // Never a whole number, which JSON would write as an integer.
            case 3: return .double(Double(below(4)) + 0.5)
            case 4: return .string(["", "x", "y"][below(3)])
            case 5, 6: return .array((0..<below(6)).map { _ in value(depth: depth - 1) })
            default:
                var object: [String: JSONValue] = [:]
                for _ in 0..<below(5) { object[key()] = value(depth: depth - 1) }
                return .object(object)
            }
        }

        /// `value` with one random edit somewhere inside it.
        mutating func edited(_ value: JSONValue, depth: Int = 4) -> JSONValue {
            switch value {
            case .array(var array) where !array.isEmpty && below(4) != 0:
                let index = below(array.count)
                switch below(5) {
                case 0: array.insert(self.value(depth: 1), at: below(array.count + 1))
                case 1: array.remove(at: index)
                case 2: array.append(array[index])  // a repeated element
                default: array[index] = edited(array[index], depth: depth - 1)
                }
                return .array(array)
            case .object(var object) where !object.isEmpty && below(4) != 0:
                let key = object.keys.sorted()[below(object.count)]
                switch below(4) {
                case 0: object[self.key()] = self.value(depth: 1)
                case 1: object.removeValue(forKey: key)
                default: object[key] = edited(object[key] ?? .null, depth: depth - 1)
                }
                return .object(object)
            default:
                return self.value(depth: 2)
            }
        }
    }

    @Test func theDifferenceAlwaysApplies() throws {
        var generator = Generator(random: SplitMix64(seed: 0x5EED_2026_1202))
        for pair in 0..<2_000 {
            let old = generator.value(depth: 4)
            var new = old
            // Mostly a few edits away; one pair in ten unrelated.
            if pair % 10 == 0 {
                new = generator.value(depth: 4)
            } else {
                for _ in 0...generator.below(4) { new = generator.edited(new) }
            }
            let difference = JSONPatch.difference(from: old, to: new)
            #expect(try JSONPatch.apply(difference, to: old) == new, "pair \(pair): \(old) -> \(new)")
            let read = try JSONPatchOperation.operations(parsing: DevtoolsJSON.encode(difference))
            #expect(read == difference, "pair \(pair)")
            #expect(JSONPatch.difference(from: new, to: new).isEmpty)
            #expect(try JSONValue(parsing: DevtoolsJSON.encode(new)) == new, "pair \(pair)")
            if old == new { #expect(difference.isEmpty) }
        }
    }
}
