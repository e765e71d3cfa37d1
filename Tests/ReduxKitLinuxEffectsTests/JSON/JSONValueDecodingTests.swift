import Foundation
import Testing

@testable import ReduxKitLinuxEffects

/// `JSONValue` read by a `Decoder`, as an action log's line holds an async
/// thunk's payload and a persisted query cache an entry's data: every kind of
/// value, numbers as `init(parsing:)` reads them, member names as they are
/// whatever the coder's key strategy, and its description compact JSON.
@Suite("JSON values decoded")
struct JSONValueDecodingTests {
    /// `json` decoded by a `JSONDecoder`.
    static func decoded(_ json: String, by decoder: JSONDecoder = JSONDecoder()) throws -> JSONValue {
        try decoder.decode(JSONValue.self, from: Data(json.utf8))
    }

    @Test func everyKindIsDecodedAsParsingReadsIt() throws {
        let json = #"{"n":null,"t":true,"f":false,"i":-12,"d":1.5,"s":"a/b","a":[1,"x",[]],"o":{"k":{}}}"#
        let value = try Self.decoded(json)
        #expect(value == (try JSONValueTests.value(json)))
        #expect(
            try JSONValueTests.json(value)
                == #"{"a":[1,"x",[]],"d":1.5,"f":false,"i":-12,"n":null,"o":{"k":{}},"s":"a/b","t":true}"#)
    }

    @Test(arguments: [
        "1", "1.0", "1e3", "1E2", "100e-2", "-0.0", "0.25", "9223372036854775807", "9223372036854775808",
        "18446744073709551615", "18446744073709551616", "-9223372036854775808", "9007199254740993",
        "9007199254740993.0", "1e19", "9.3e18", "1e30", "0.1", "12345678901234567890123",
    ])
    func aNumberIsDecodedAsParsingReadsIt(_ number: String) throws {
        #expect(try Self.decoded(number) == JSONValueTests.value(number))
    }

    @Test func aBooleanIsNeverANumberNorANumberABoolean() throws {
        #expect(
            try Self.decoded("[true, false, 1, 0, 1.0, 0.0, -0.0]")
                == .array([.bool(true), .bool(false), .integer(1), .integer(0), .integer(1), .integer(0), .integer(0)]))
        #expect(try Self.decoded("18446744073709551615") == .unsigned(.max))
        #expect(try Self.decoded("0.5") == .double(0.5))
    }

    @Test func aValueInsideATypedOneIsDecodedAndWrittenBack() throws {
        struct Line: Codable, Equatable {
            var type: String
            var meta: JSONValue?
        }
        let json = #"{"meta":{"page":2,"tags":["a","b"]},"type":"load"}"#
        let line = try JSONDecoder().decode(Line.self, from: Data(json.utf8))
        #expect(
            line
                == Line(
                    type: "load", meta: .object(["page": .integer(2), "tags": .array([.string("a"), .string("b")])])))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(line), as: UTF8.self) == json)
    }

    @Test func memberNamesAreReadAndWrittenAsTheyAreWhateverTheKeyStrategy() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let value = try Self.decoded(#"{"due_date":1,"createdBy":{"first_name":"a"}}"#, by: decoder)
        #expect(value == .object(["due_date": .integer(1), "createdBy": .object(["first_name": .string("a")])]))
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(value), as: UTF8.self)
                == #"{"createdBy":{"first_name":"a"},"due_date":1}"#)
    }

    @Test func whatIsNotAJSONValueThrowsADecodingError() {
        for json in ["", "{", #"{"a":[1,}"#, "not json", "NaN"] {
            #expect(throws: DecodingError.self, "\(json)") { try Self.decoded(json) }
        }
    }

    @Test func itsDescriptionIsCompactJSONWithSortedKeys() {
        let value = JSONValue.object([
            "z": .array([.integer(1), .double(2.5), .null, .bool(true)]), "a": .string("x/y"),
            "m": .unsigned(.max),
        ])
        #expect(value.description == #"{"a":"x/y","m":18446744073709551615,"z":[1,2.5,null,true]}"#)
        #expect("\(JSONValue.string("s"))" == #""s""#)
        #expect(JSONValue.double(.nan).description == "?")
    }
}
