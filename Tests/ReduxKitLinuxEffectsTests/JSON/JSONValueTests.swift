import Foundation
import Testing

@testable import ReduxKitLinuxEffects

/// `JSONValue` reads every kind of JSON value through `JSONSerialization`,
/// a Boolean as a Boolean and an integer as an integer before a double, and
/// writes it back with sorted keys. (Read by a `Decoder`:
/// `JSONValueDecodingTests`.)
@Suite("JSON values")
struct JSONValueTests {
    /// `json` read as a `JSONValue`.
    static func value(_ json: String) throws -> JSONValue {
        try JSONValue(parsing: Data(json.utf8))
    }

    /// `value` written by a `JSONEncoder` with the devtools' formatting.
    static func json(_ value: JSONValue) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// A `JSONEncoder` with the devtools' formatting (`DevtoolsJSON`): keys
    /// sorted, slashes not escaped.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    @Test func everyKindIsRead() throws {
        let value = try Self.value(
            #"{"n":null,"t":true,"f":false,"i":-12,"d":1.5,"s":"a/b","a":[1,"x",[]],"o":{"k":{}}}"#)
        #expect(
            value
                == .object([
                    "n": .null, "t": .bool(true), "f": .bool(false), "i": .integer(-12), "d": .double(1.5),
                    "s": .string("a/b"), "a": .array([.integer(1), .string("x"), .array([])]),
                    "o": .object(["k": .object([:])]),
                ]))
    }

    @Test func aNumberIsAnIntegerWhenItIsOneWithinInt64() throws {
        #expect(
            try Self.value("[1, 1.0, 1e3, 9223372036854775807]")
                == .array([.integer(1), .integer(1), .integer(1000), .integer(.max)]))
        #expect(
            try Self.value("[0.25, 9223372036854775808, 18446744073709551615, 18446744073709551616]")
                == .array([
                    .double(0.25), .unsigned(9_223_372_036_854_775_808), .unsigned(.max),
                    .double(18_446_744_073_709_551_616),
                ]))
        #expect(try Self.json(try Self.value("[18446744073709551615]")) == "[18446744073709551615]")
        // Written with an exponent, as a `Double` is: still an integer, if it is one.
        #expect(
            try Self.value("[1e19, 9.3e18, 1.5e19]")
                == .array([
                    .unsigned(10_000_000_000_000_000_000), .unsigned(9_300_000_000_000_000_000),
                    .unsigned(15_000_000_000_000_000_000),
                ]))
    }

    @Test func itIsWrittenBackWithSortedKeys() throws {
        let json = #"{"a":[1,2.5,"s",null,true],"b":{"y":false,"z":{}},"c/d":"e/f"}"#
        #expect(try Self.json(Self.value(json)) == json)
        #expect(try Self.json(.object(["z": .integer(1), "a": .null, "m": .array([])])) == #"{"a":null,"m":[],"z":1}"#)
    }

    @Test func aTopLevelScalarIsRead() throws {
        #expect(try Self.value("null") == .null)
        #expect(try Self.value(#""x""#) == .string("x"))
        #expect(try Self.value("false") == .bool(false))
    }

    @Test func aBooleanIsNeverANumberNorANumberABoolean() throws {
        // `JSONSerialization` reads both as `NSNumber`s, and `1 as? Bool` is `true`.
        #expect(
            try Self.value("[true, false, 1, 0, 1.0, 0.0, -0.0]")
                == .array([.bool(true), .bool(false), .integer(1), .integer(0), .integer(1), .integer(0), .integer(0)]))
        #expect(try Self.value(#"{"t": true, "one": 1}"#) == .object(["t": .bool(true), "one": .integer(1)]))
        #expect(try Self.value("true") == .bool(true))
        #expect(try Self.value("1") == .integer(1))
    }

    @Test func aNumberADoubleCannotHoldExactlyIsReadExactly() throws {
        // `JSONSerialization` reads these as `NSDecimalNumber`s.
        #expect(
            try Self.value("[-9223372036854775808, 9007199254740993.0, 9007199254740993, 1e30, 0.1]")
                == .array([
                    .integer(.min), .integer(9_007_199_254_740_993), .integer(9_007_199_254_740_993), .double(1e30),
                    .double(0.1),
                ]))
        #expect(try Self.value("18446744073709551615") == .unsigned(.max))
        #expect(try Self.value("12345678901234567890123") == .double(1.234_567_890_123_456_8e22))
    }

    @Test func whatIsNotJSONThrowsADecodingError() {
        for json in ["", "{", #"{"a":1"#, "not json", "[1 2]", "NaN", "1e400"] {
            #expect(throws: DecodingError.self, "\(json)") { try Self.value(json) }
        }
    }

    @Test func anObjectWithManyKeysIsRead() throws {
        let object = JSONValue.object(
            Dictionary(
                uniqueKeysWithValues: (0..<500).map { ("id\($0)", JSONValue.object(["n": .integer(Int64($0))])) }))
        #expect(try JSONValue(parsing: Self.encoder.encode(object)) == object)
    }
}
