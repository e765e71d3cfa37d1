import Foundation
import Testing

@testable import ReduxKitLinuxDevtools

/// `JSONValue` reads every kind of JSON value, an integer as an integer
/// before a double, and writes it back with sorted keys.
@Suite("JSON values")
struct JSONValueTests {
    /// `json` read as a `JSONValue` by the devtools' decoder.
    static func value(_ json: String) throws -> JSONValue {
        try DevtoolsJSON.makeDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }

    /// `value` written by the devtools' encoder.
    static func json(_ value: JSONValue) throws -> String {
        String(decoding: try DevtoolsJSON.encode(value), as: UTF8.self)
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
            try Self.value("[0.25, 9223372036854775808]")
                == .array([.double(0.25), .double(9_223_372_036_854_775_808)]))
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

    @Test func aGuessedKindNeverChangesWhatIsRead() throws {
        let hinted = DevtoolsJSON.makeDecoder(userInfo: [JSONKindHint.userInfoKey: JSONKindHint()])
        let json =
            #"[1.5, 2, 3.5, 9007199254740993, 1e3, "s", null, true, {"k": 1}, [2], 0.5, {"k": null}, {"k": "x"}]"#
        let expected: JSONValue = .array([
            .double(1.5), .integer(2), .double(3.5), .integer(9_007_199_254_740_993), .integer(1000), .string("s"),
            .null, .bool(true), .object(["k": .integer(1)]), .array([.integer(2)]), .double(0.5),
            .object(["k": .null]), .object(["k": .string("x")]),
        ])
        // The same hint, read again and again: the guesses are those of the read before.
        for _ in 0..<3 {
            #expect(try hinted.decode(JSONValue.self, from: Data(json.utf8)) == expected)
        }
        #expect(
            try hinted.decode(JSONValue.self, from: Data(#"{"a": [true, 1]}"#.utf8))
                == .object(["a": .array([.bool(true), .integer(1)])]))
        #expect(try hinted.decode(JSONValue.self, from: Data("2.5".utf8)) == .double(2.5))
        #expect(try hinted.decode(JSONValue.self, from: Data("2".utf8)) == .integer(2))
    }

    @Test func anObjectWithManyKeysIsRead() throws {
        let object = JSONValue.object(
            Dictionary(
                uniqueKeysWithValues: (0..<500).map { ("id\($0)", JSONValue.object(["n": .integer(Int64($0))])) }))
        let hinted = DevtoolsJSON.makeDecoder(userInfo: [JSONKindHint.userInfoKey: JSONKindHint()])
        let json = try DevtoolsJSON.encode(object)
        #expect(try hinted.decode(JSONValue.self, from: json) == object)
        #expect(try hinted.decode(JSONValue.self, from: json) == object)
    }
}
