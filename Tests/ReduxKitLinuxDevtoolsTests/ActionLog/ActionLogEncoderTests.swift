import Foundation
import ReduxKitLinuxTestSupport
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// The log's own JSON encoder writes what `JSONDecoder` reads back as the same
/// value, and hands to `JSONEncoder` whatever it cannot stream.
@Suite("Action log encoder")
struct ActionLogEncoderTests {
    static func encoded<T: Encodable>(_ value: T) throws -> Data {
        let encoder = ActionLogEncoder()
        try encoder.append(value)
        return Data(encoder.output)
    }

    static func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        let data = try encoded(value)
        _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)  // valid JSON
        return try JSONDecoder().decode(T.self, from: data)
    }

    struct Everything: Codable, Equatable {
        enum Kind: Codable, Equatable {
            case plain
            case named(title: String, count: Int)
            case unnamed(Double, [Int?])
        }

        enum Raw: String, Codable { case one, two }

        var text = "quotes \" backslash \\ slash / newline \n tab \t nul \u{0} bell \u{7} ünïcødé 🎉 \u{2028}"
        var integers: [Int64] = [0, -1, .min, .max]
        var unsigned: [UInt64] = [0, .max]
        var small: [Int8] = [.min, .max]
        var doubles: [Double] = [0, -0.0, 1, 0.1, 1e-7, .leastNonzeroMagnitude, 1e300, .greatestFiniteMagnitude, -2.5]
        var floats: [Float] = [0.1, 3.4e38, -1]
        var flags = [true, false]
        var optional: String? = nil
        var present: Int? = 7
        var nested: [[String: [Int]]] = [["a": [1, 2]], [:]]
        var intKeys: [Int: String] = [1: "one", -2: "minus two"]
        var kinds: [Kind] = [.plain, .named(title: "t", count: 2), .unnamed(1.5, [nil, 3])]
        var raw = Raw.two
        var data = Data([0, 1, 2, 250, 255])
        var url = URL(string: "https://example.org/a%20b?c=d#e")!
        var date = Date(timeIntervalSinceReferenceDate: 123_456.789)
        var decimal = Decimal(string: "12345.6789")!
        var empty: [Int] = []
        var manyKeys = Dictionary(uniqueKeysWithValues: (0..<40).map { ("key \($0)", $0) })
    }

    @Test func everyKindOfValueRoundTrips() throws {
        let value = Everything()
        #expect(try Self.roundTrip(value) == value)
    }

    @Test func topLevelValuesRoundTrip() throws {
        #expect(try Self.roundTrip(Everything.Raw.one) == .one)
        #expect(try Self.roundTrip(42) == 42)
        #expect(try Self.roundTrip("a\"b") == "a\"b")
        #expect(try Self.roundTrip([Int?.none, 1]) == [nil, 1])
        #expect(try Self.roundTrip(Data([9, 8])) == Data([9, 8]))
    }

    class Base: Codable {
        var base = 1
        init() {}
    }

    final class Derived: Base, Equatable {
        var derived = "d"
        enum Keys: String, CodingKey { case derived }

        override init() { super.init() }

        required init(from decoder: any Decoder) throws {
            derived = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .derived)
            try super.init(from: decoder)
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(derived, forKey: .derived)
            try super.encode(to: encoder)  // asks the same encoder for its container again
        }

        static func == (lhs: Derived, rhs: Derived) -> Bool {
            lhs.base == rhs.base && lhs.derived == rhs.derived
        }
    }

    @Test func aSubclassSharingItsContainerWithItsSuperclassRoundTrips() throws {
        let value = Derived()
        value.base = 5
        value.derived = "x"
        #expect(try Self.roundTrip(value) == value)
    }

    /// Writes its fields in an order a stream cannot follow, so the encoder
    /// must give the value to JSONEncoder.
    struct OutOfOrder: Codable, Equatable {
        enum Keys: String, CodingKey { case first, inner, last }
        enum InnerKeys: String, CodingKey { case value }
        var first = 1
        var inner = 2
        var last = 3

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            first = try container.decode(Int.self, forKey: .first)
            inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner).decode(
                Int.self, forKey: .value)
            last = try container.decode(Int.self, forKey: .last)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var nested = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
            try container.encode(first, forKey: .first)
            try nested.encode(inner, forKey: .value)  // after its parent moved on
            try container.encode(last, forKey: .last)
        }
    }

    struct DuplicateKey: Encodable {
        enum Keys: String, CodingKey { case a }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
            try container.encode(2, forKey: .a)  // JSONEncoder keeps the last
        }
    }

    struct WithSuper: Codable, Equatable {
        var value = 3

        init() {}

        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode([String: Int].self)["super"] ?? -1
        }

        func encode(to encoder: any Encoder) throws {
            enum Keys: String, CodingKey { case `super` }
            var container = encoder.container(keyedBy: Keys.self)
            var nested = container.superEncoder().singleValueContainer()
            try nested.encode(value)
        }
    }

    @Test func whatCannotBeStreamedIsEncodedByJSONEncoder() throws {
        #expect(try Self.roundTrip(OutOfOrder()) == OutOfOrder())
        #expect(try Self.roundTrip(WithSuper()) == WithSuper())
        struct A: Decodable { let a: Int }
        #expect(try JSONDecoder().decode(A.self, from: Self.encoded(DuplicateKey())).a == 2)
    }

    @Test func aValueJSONEncoderRefusesIsRefusedAndNothingIsWritten() throws {
        let encoder = ActionLogEncoder()
        try encoder.append(1)
        #expect(throws: EncodingError.self) { try encoder.append(["x": Double.nan]) }
        #expect(throws: EncodingError.self) { try encoder.append(Float.infinity) }
        #expect(encoder.output == Array("1".utf8))
        try encoder.append(2)  // still usable
        #expect(encoder.output == Array("12".utf8))
    }

    @Test func manyRandomValuesRoundTrip() throws {
        var random = SplitMix64(seed: 12)
        for _ in 0..<500 {
            var value = Everything()
            value.text = String(
                (0..<Int.random(in: 0..<20, using: &random)).map { _ in
                    Character(Unicode.Scalar(UInt8.random(in: 0..<128, using: &random)))
                })
            value.integers = (0..<3).map { _ in Int64.random(in: .min ... .max, using: &random) }
            value.doubles = (0..<3).map { _ in Double.random(in: -1e10...1e10, using: &random) }
            value.optional = Bool.random(using: &random) ? nil : value.text
            #expect(try Self.roundTrip(value) == value)
        }
    }
}
