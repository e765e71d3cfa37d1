import Foundation
import ReduxKitLinuxDevtools
import ReduxKitLinuxTestSupport
import Testing

/// The log writes each payload as `JSONEncoder` does (keys sorted, slashes
/// unescaped), so every line is valid JSON and replays, whatever a value's
/// `encode(to:)` does with the errors it meets (issue 20, item 6: the
/// hand-written encoder wrote `"x":,` and `[1,,3]`, and that one line stopped
/// every later replay).
@Suite("Action log JSON")
struct ActionLogJSONTests {
    struct Everything: Codable, Equatable {
        enum Kind: Codable, Equatable {
            case plain
            case named(title: String, count: Int)
            case unnamed(Double, [Int?])
        }

        var text = "quotes \" backslash \\ slash / newline \n tab \t nul \u{0} bell \u{7} ünïcødé 🎉 \u{2028}"
        var integers: [Int64] = [0, -1, .min, .max]
        var unsigned: [UInt64] = [0, .max]
        var doubles: [Double] = [0, -0.0, 0.1, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        var floats: [Float] = [0.1, 3.4e38, -1]
        var optional: String? = nil
        var nested: [[String: [Int]]] = [["b": [1, 2], "a": []], [:]]
        var intKeys: [Int: String] = [1: "one", -2: "minus two"]
        var kinds: [Kind] = [.plain, .named(title: "t", count: 2), .unnamed(1.5, [nil, 3])]
        var data = Data([0, 1, 2, 250, 255])
        var url = URL(string: "https://example.org/a%20b?c=d#e")!
        var date = Date(timeIntervalSinceReferenceDate: 123_456.789)
        var decimal = Decimal(string: "12345.6789")!
    }

    struct Rich: Action, Codable, Equatable { var value = Everything() }

    /// Swallows the error of a NaN it cannot write: JSONEncoder leaves the key out.
    struct SwallowsNaN: Action, Codable, Equatable {
        var x: Double?
        var after = 1
        enum CodingKeys: CodingKey { case x, after }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try? container.encode(Double.nan, forKey: .x)
            try container.encode(after, forKey: .after)
        }
    }

    /// Swallows the error of a `Decimal` NaN, of which there is none:
    /// `JSONEncoder` writes it as `NaN`, not JSON. The log refuses it: a
    /// marked line and an error, and the lines after it replay.
    struct SwallowsDecimal: Action, Codable, Equatable {
        var amount: Decimal?
        enum CodingKeys: CodingKey { case amount }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try? container.encode(Decimal.nan, forKey: .amount)
        }
    }

    /// Swallows the error of a NaN in the middle of an array.
    struct SwallowsNaNInAnArray: Action, Codable, Equatable {
        var values: [Double] = []
        enum CodingKeys: CodingKey { case values }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var values = container.nestedUnkeyedContainer(forKey: .values)
            try values.encode(1.0)
            try? values.encode(Double.nan)
            try values.encode(3.0)
        }
    }

    /// Throws: the line is marked unrecorded, and the error reported.
    struct Throws: Action, Codable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(Double.infinity)
        }
    }

    static var registry: ActionRegistry {
        var registry = ActionRegistry()
        registry.register(Rich.self)
        registry.register(SwallowsNaN.self)
        registry.register(SwallowsDecimal.self)
        registry.register(SwallowsNaNInAnArray.self)
        registry.register(Throws.self, name: "throws \"quoted\"/name")
        return registry
    }

    static func record(_ actions: [any Action], errors: Recorder<String>) -> (URL, [Data]) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reduxkit-\(UUID().uuidString).jsonl")
        do {
            let log = ActionLog<[String]>(
                registry: registry, file: file, onError: { errors.append(String(describing: $0)) })
            let store = createStore(
                { (state: [String]?, action: any Action) in (state ?? []) + ["\(action.type)"] }, nil, log.enhancer)
            for action in actions { store.dispatch(action) }
            log.flush()
        }
        let contents = (try? Data(contentsOf: file)) ?? Data()
        return (
            file,
            contents.split(separator: UInt8(ascii: "\n")).map { Data($0) }.filter {
                !$0.starts(with: Array(#"{"session":"#.utf8))
            }
        )
    }

    @Test func everyLineIsValidJSONAndTheLogReplaysPastValuesThatSwallowedTheirErrors() throws {
        let errors = Recorder<String>()
        let actions: [any Action] = [
            SwallowsNaN(), SwallowsDecimal(), SwallowsNaNInAnArray(), Rich(), SwallowsNaN(after: 2),
        ]
        let (file, lines) = Self.record(actions, errors: errors)
        defer { ActionLogTests.removeLog(file) }
        #expect(lines.count == 5)
        for line in lines {
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: line) }
        }
        #expect(errors.count == 1)
        #expect(errors.values.first?.contains("SwallowsDecimal") == true)
        #expect(errors.values.first?.contains("NaN") == true)
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        }
        #expect(objects[0]["payload"] as? [String: Int] == ["after": 1])
        #expect(objects[1]["payload"] == nil && objects[1]["unrecorded"] as? Bool == true)
        #expect(objects[2]["payload"] as? [String: [Double]] == ["values": [1, 3]])

        let replayed = createStore({ (state: [String]?, action: any Action) in (state ?? []) + ["\(action.type)"] }, [])
        let summary = try replayActionLog(
            at: file, registry: Self.registry, into: replayed, options: [.skippingUnrecorded])
        #expect(summary.replayed == 4 && summary.skippedUnrecorded == 1)
        // From the session's recorded starting state (the store's initial action), then the log.
        #expect(replayed.state == ["DefaultAction", "SwallowsNaN", "SwallowsNaNInAnArray", "Rich", "SwallowsNaN"])
    }

    @Test func aPayloadIsExactlyWhatJSONEncoderWritesWithSortedKeysAndItRoundTrips() throws {
        let errors = Recorder<String>()
        let (file, lines) = Self.record([Rich()], errors: errors)
        defer { ActionLogTests.removeLog(file) }
        let line = try #require(lines.first)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(Rich())
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.hasPrefix(#"{"type":"Rich","timestamp":""#))
        #expect(text.hasSuffix(#","payload":"# + String(decoding: expected, as: UTF8.self) + "}"))
        struct Line: Decodable { let payload: Rich }
        #expect(try JSONDecoder().decode(Line.self, from: line).payload == Rich())
    }

    @Test func aPayloadJSONEncoderRefusesIsAMarkedLineAndAnErrorAndTheNameIsEscaped() throws {
        let errors = Recorder<String>()
        let (file, lines) = Self.record([Throws(), SwallowsNaN()], errors: errors)
        defer { ActionLogTests.removeLog(file) }
        #expect(lines.count == 2)
        let marked = try #require(try JSONSerialization.jsonObject(with: lines[0]) as? [String: Any])
        #expect(marked["type"] as? String == "throws \"quoted\"/name")
        #expect(marked["unrecorded"] as? Bool == true)
        #expect(marked["payload"] == nil)
        #expect(errors.count == 1)
        #expect(errors.values.first?.contains("throws \"quoted\"/name") == true)
        let summary = try replayActionLog(
            at: file, registry: Self.registry, into: createStore({ (s: [String]?, _: any Action) in s ?? [] }, []),
            options: [.skippingUnrecorded])
        #expect(summary.replayed == 1 && summary.skippedUnrecorded == 1)
    }
}
