import Foundation
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// The in-place decoder restoring uses: it must answer exactly as
/// `JSONDecoder` does, or decline (and then `JSONDecoder` answers).
@Suite("Persistence in-place JSON decoding")
struct PersistenceJSONDecoderTests {
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case square(Int)
        case none
    }

    enum Mood: String, Codable { case calm, excited }

    struct Inner: Codable, Equatable {
        var name: String
        var tags: Set<String>
        var grid: [[Int]]
    }

    struct Everything: Codable, Equatable {
        var text = "plain"
        var escaped = "quote \" backslash \\ slash / tab \t newline \n bell \u{07} nul \u{00} é 中文 🎉"
        var empty = ""
        var integers: [Int] = [0, -0, 1, -1, Int.max, Int.min]
        var small: [Int8] = [Int8.min, Int8.max]
        var unsigned: [UInt64] = [0, UInt64.max]
        var u16 = UInt16.max
        var i32 = Int32.min
        var doubles: [Double] = [0.1, -0.0, 1e-300, 1.7976931348623157e308, .leastNonzeroMagnitude, 123_456.789]
        var float: Float = 0.1
        var flags = [true, false]
        var present: Int? = 3
        var absent: Int?
        var nested: Inner? = Inner(name: "in", tags: ["a", "b"], grid: [[1, 2], [], [3]])
        var byName: [String: Int] = ["one": 1, "two": 2, "a\"b": 3]
        var byNumber: [Int: String] = [1: "one", -2: "minus two"]
        var many = Dictionary(uniqueKeysWithValues: (0..<40).map { ("key\($0)", $0) })
        var shapes: [Shape] = [.circle(radius: 2.5), .square(4), .none]
        var mood = Mood.excited
        var url = URL(string: "https://example.com/a?b=c&d=%20")!
        var bytes = Data([0, 1, 2, 250, 255])
        var date = Date(timeIntervalSinceReferenceDate: 123_456.5)
        var emptyObject: [String: Int] = [:]
        var emptyArray: [Inner] = []
    }

    static func bytes(_ json: String) -> Data { Data(json.utf8) }

    @Test(arguments: [false, true])
    func aRichStateDecodesInPlaceToWhatJSONDecoderGives(sortedKeys: Bool) throws {
        let encoder = JSONEncoder()
        if sortedKeys { encoder.outputFormatting = [.sortedKeys, .prettyPrinted] }
        let data = try encoder.encode(Everything())
        let inPlace = try #require(PersistenceJSONDecoder.inPlace(Everything.self, from: data, userInfo: [:]))
        #expect(inPlace == Everything())
        #expect(inPlace == (try JSONDecoder().decode(Everything.self, from: data)))
        #expect(inPlace.doubles[1].sign == .minus)
    }

    @Test func aSavedFileDecodesInPlaceWithTheVersionFirst() throws {
        let data = Self.bytes(#"{"state":{"name":"x","volume":3},"version":2}"#)
        let key = SavedFile<PersistenceFixtures.Settings>.expectedVersion
        let current = PersistenceJSONDecoder.inPlace(
            SavedFile<PersistenceFixtures.Settings>.self, from: data, userInfo: [key: 2])
        #expect(current?.state == PersistenceFixtures.Settings(volume: 3, name: "x"))
        let older = PersistenceJSONDecoder.inPlace(
            SavedFile<PersistenceFixtures.Settings>.self, from: data, userInfo: [key: 3])
        #expect(older?.version == 2 && older?.state == nil)
    }

    /// Not JSON: declined in place; `JSONDecoder` then decides (it refuses
    /// these, but for a trailing comma in an array, which it reads).
    @Test(arguments: [
        #"{"a":1,}"#, "[1,]", "[01]", "[1.]", "[.5]", "[+1]", "[1e]", "{\"a\":\"\u{01}\"}", #"["\ud800"]"#,
        #"["\udc00\ud800"]"#, #"["\x"]"#, "[tru]", #"["open]"#, "[1] 2", "{\"a\" 1}", "[nul]", "",
    ])
    func invalidJSONIsDeclinedAndRefused(json: String) {
        #expect(PersistenceJSONDecoder.inPlace([Int].self, from: Self.bytes(json), userInfo: [:]) == nil)
        #expect(PersistenceJSONDecoder.inPlace([String: Int].self, from: Self.bytes(json), userInfo: [:]) == nil)
        #expect(PersistenceJSONDecoder.inPlace([String].self, from: Self.bytes(json), userInfo: [:]) == nil)
        let viaJSONDecoder = try? JSONDecoder().decode([Int].self, from: Self.bytes(json))
        #expect(
            (try? PersistenceJSONDecoder.decode([Int].self, from: Self.bytes(json), userInfo: [:])) == viaJSONDecoder)
        #expect(viaJSONDecoder == nil || json == "[1,]")
    }

    @Test func invalidUTF8IsDeclined() {
        let data = Data([0x5B, 0x22, 0xFF, 0xFE, 0x22, 0x5D])  // ["\xFF\xFE"]
        #expect(PersistenceJSONDecoder.inPlace([String].self, from: data, userInfo: [:]) == nil)
    }

    /// What JSON allows but the in-place decoder leaves to `JSONDecoder`: the
    /// answer is `JSONDecoder`'s, whatever it is.
    @Test(arguments: ["[1.0]", "[1e2]", "[-0]", "[18446744073709551616]", #"{"a":1,"a":2}"#])
    func whatItDeclinesJSONDecoderDecides(json: String) throws {
        let data = Self.bytes(json)
        // nil for an error.
        func viaJSONDecoder<T: Decodable & Equatable>(_ type: T.Type) -> T? {
            try? JSONDecoder().decode(type, from: data)
        }
        func viaPersistence<T: Decodable & Equatable>(_ type: T.Type) -> T? {
            try? PersistenceJSONDecoder.decode(type, from: data, userInfo: [:])
        }
        #expect(viaPersistence([UInt].self) == viaJSONDecoder([UInt].self))
        #expect(viaPersistence([Int].self) == viaJSONDecoder([Int].self))
        #expect(viaPersistence([String: Int].self) == viaJSONDecoder([String: Int].self))
        #expect(viaPersistence([Decimal].self) == viaJSONDecoder([Decimal].self))
    }

    struct Flexible: Decodable, Equatable {
        let value: Int

        enum CodingKeys: String, CodingKey { case value }

        init(value: Int) {
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let number = try? container.decode(Int.self, forKey: .value) {
                value = number
            } else {
                value = Int(try container.decode(String.self, forKey: .value)) ?? -1
            }
        }
    }

    /// An error the type itself catches still hands the decode to
    /// `JSONDecoder`: its errors and the in-place decoder's may differ.
    @Test func anErrorCaughtByTheTypeStillFallsBack() throws {
        let data = Self.bytes(#"{"value":"5"}"#)
        #expect(PersistenceJSONDecoder.inPlace(Flexible.self, from: data, userInfo: [:]) == nil)
        #expect(try PersistenceJSONDecoder.decode(Flexible.self, from: data, userInfo: [:]) == Flexible(value: 5))
    }

    @Test func nestingDeeperThanJSONDecoderAllowsIsDeclined() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(PersistenceJSONDecoder.inPlace([Int].self, from: Self.bytes(deep), userInfo: [:]) == nil)
    }
}
