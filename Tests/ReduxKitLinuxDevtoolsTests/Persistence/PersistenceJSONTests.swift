import Foundation
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// Restoring reads a file exactly as `JSONDecoder` does: what it refuses is
/// set aside as corrupt (never restored with data missing), what it reads is
/// restored as it reads it (issue 20, items 1 to 5, each a file the
/// hand-written decoder read differently); and a state `JSONEncoder` would
/// write as something that is not JSON is not saved.
@Suite("Persistence JSON")
struct PersistenceJSONTests {
    /// What a store of `State` restored from a file of `bytes` starts with, and
    /// what was reported.
    static func restore<State: Codable & Sendable>(
        _ bytes: [UInt8], as type: State.Type, default initial: State, in directory: URL, name: String = "state.json"
    ) -> (state: State, errors: [PersistenceError.Kind]) {
        let file = directory.appendingPathComponent(name)
        try? Data(bytes).write(to: file)
        let errors = Recorder<PersistenceError>()
        let persistence = Persistence<State>(file: file, clock: TestClock(), onError: { errors.append($0) })
        let store = createStore({ (state: State?, _: any Action) in state ?? initial }, nil, persistence.enhancer)
        return (store.state, errors.values.map(\.kind))
    }

    static func file(state: String, version: Int = 1, extra: String = "") -> [UInt8] {
        Array(#"{"version":\#(version),"state":"#.utf8) + Array(state.utf8) + Array(extra.utf8) + Array("}".utf8)
    }

    /// Items 1 and 2: keys or strings that are not valid JSON strings were
    /// dropped or accepted; each is a file `JSONDecoder` refuses.
    @Test(arguments: [
        Array(#"{"a":1,""#.utf8) + [0xFF] + Array(#"":2}"#.utf8), Array(#"{"\uDFAA":0}"#.utf8),
        Array(#"{"\0":2}"#.utf8), Array(#"{"\x":1}"#.utf8), Array(#"{"\u12":1}"#.utf8),
    ])
    func aKeyThatIsNotAJSONStringMakesTheFileCorruptNotAShorterState(key: [UInt8]) {
        PersistenceFixtures.inDirectory { directory in
            let file = Array(#"{"version":1,"state":"#.utf8) + key + Array("}".utf8)
            let restored = Self.restore(file, as: [String: Int].self, default: ["default": 0], in: directory)
            #expect(restored.state == ["default": 0])
            #expect(restored.errors == [.corrupt])
        }
    }

    @Test func aMalformedEscapeInAFieldTheStateNeverReadsMakesTheFileCorrupt() {
        PersistenceFixtures.inDirectory { directory in
            let restored = Self.restore(
                Self.file(state: "[1]", extra: #","note":"\u12""#), as: [Int].self, default: [], in: directory)
            #expect(restored.state == [])
            #expect(restored.errors == [.corrupt])
        }
    }

    /// Item 3: numbers that underflow, and `0e1`, which `JSONDecoder` refuses as a `Double`.
    @Test func numbersJSONDecoderRefusesAreNotRestoredAsZero() {
        PersistenceFixtures.inDirectory { directory in
            for number in ["1e-400", "-1e-400"] {
                let restored = Self.restore(
                    Self.file(state: "[\(number)]"), as: [Double].self, default: [7], in: directory)
                #expect(restored.state == [7], "\(number)")
                #expect(restored.errors == [.corrupt], "\(number)")
            }
            let float = Self.restore(Self.file(state: "[1e-46]"), as: [Float].self, default: [7], in: directory)
            #expect(float.state == [7] && float.errors == [.corrupt])
            let zero = Self.restore(Self.file(state: "[0e1]"), as: [Double].self, default: [7], in: directory)
            #expect(zero.state == [7] && zero.errors == [.corrupt])
        }
    }

    /// Item 4: two spellings of one Swift string; the restore keeps what
    /// `JSONDecoder` keeps.
    @Test func twoSpellingsOfOneKeyRestoreAsJSONDecoderReadsThem() throws {
        try PersistenceFixtures.inDirectory { directory in
            let state = #"{"é":1,"e\u0301":2}"#
            let expected = try JSONDecoder().decode([String: Int].self, from: Data(state.utf8))
            let restored = Self.restore(Self.file(state: state), as: [String: Int].self, default: [:], in: directory)
            #expect(restored.errors == [])
            #expect(restored.state == expected)
        }
    }

    /// Item 5: a file `JSONDecoder` refuses is corrupt, whatever version it
    /// names; one it reads, naming a newer version, is from a newer version.
    @Test(arguments: [
        #"{"version":2,"state":[1,2}"#, #"{"version":2,"state":{"a\u12":2}}"#, #"{"version":2,"state":{"#,
    ])
    func aFileJSONDecoderRefusesIsCorruptEvenWhenItNamesANewerVersion(file: String) {
        PersistenceFixtures.inDirectory { directory in
            #expect(Self.decoded(Array(file.utf8)) == nil)
            let restored = Self.restore(Array(file.utf8), as: [String: Int].self, default: [:], in: directory)
            #expect(restored.errors == [.corrupt])
            let newer = Self.restore(
                Self.file(state: #"{"a":"not an int"}"#, version: 2), as: [String: Int].self, default: [:],
                in: directory)
            #expect(newer.errors == [.newerVersion(2)])
        }
    }

    static let corpus: [String] = [
        #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#, #"[1,-1,0,-0,1.5,-1.5e3,1E+2,1e-2,123456789012345678]"#,
        #"["\"\\\/\b\f\n\r\t","\u0041\u00e9\u4e2d","\ud83c\udf89","é","𝄞"]"#, #"{"":0,"k":"","nested":[[[[]]]]}"#,
        #"[9223372036854775807,-9223372036854775808,18446744073709551615,1.7976931348623157e308]"#,
        #"{"é":1,"e\u0301":2,"dup":1,"dup":2}"#, " [ 1 , 2 ] ", #"{"x":0.1,"y":5e-324,"z":2.2250738585072014e-308}"#,
        #"["a\u0000b","\u001f","\u007f"]"#, "[[1,2],{\"a\":[3,{\"b\":null}]}]", "12", #""text""#, "null", "true",
    ]

    /// What `JSONDecoder` reads from a saved file, or `nil` if it refuses it.
    static func decoded(_ bytes: [UInt8]) -> JSONValue?? {
        struct Saved: Decodable {
            let version: Int
            let state: JSONValue
        }
        guard let saved = try? JSONDecoder().decode(Saved.self, from: Data(bytes)) else { return nil }
        return .some(saved.version == 1 ? saved.state : nil)
    }

    /// The corpus and seeded mutations of it (a byte replaced, deleted or
    /// doubled): for every file, restoring gives what `JSONDecoder` gives,
    /// or reports the file corrupt exactly when `JSONDecoder` refuses it.
    @Test func restoringAgreesWithJSONDecoderOnACorpusAndSeededMutationsOfIt() {
        PersistenceFixtures.inDirectory { directory in
            var random = SplitMix64(seed: 20)
            let interesting = Array(#""\u0{}[],:.-+eE019 x"#.utf8) + [0xFF, 0xC3, 0xA9, 0x00, 0x7F]
            var (refused, read) = (0, 0)
            for (index, document) in Self.corpus.enumerated() {
                for mutation in 0..<40 {
                    var bytes = Self.file(state: document)
                    if mutation > 0 {
                        let position = Int.random(in: 0..<bytes.count, using: &random)
                        switch Int.random(in: 0..<3, using: &random) {
                        case 0: bytes[position] = interesting.randomElement(using: &random)!
                        case 1: bytes.remove(at: position)
                        default: bytes.insert(bytes[position], at: position)
                        }
                    }
                    let restored = Self.restore(
                        bytes, as: JSONValue.self, default: .string("default"), in: directory,
                        name: "\(index)-\(mutation).json")
                    let context = Comment(rawValue: String(decoding: bytes, as: UTF8.self))
                    switch Self.decoded(bytes) {
                    case .none:
                        refused += 1
                        #expect(restored.errors == [.corrupt], context)
                        #expect(restored.state == .string("default"), context)
                    case .some(.some(let state)):
                        read += 1
                        #expect(restored.errors == [], context)
                        #expect(restored.state == state, context)
                    case .some(.none):
                        #expect(restored.errors.count == 1, context)
                        #expect(restored.state == .string("default"), context)
                    }
                }
            }
            // Both sides of the comparison were exercised.
            #expect(refused > 100 && read > 100)
        }
    }

    @Test func aStateJSONEncoderWouldWriteAsNaNIsNotSavedAndTheFileKeepsTheLastGoodOne() throws {
        try PersistenceFixtures.inDirectory { directory in
            let file = directory.appendingPathComponent("amounts.json")
            let errors = Recorder<PersistenceError>()
            let persistence = Persistence<[Decimal]>(file: file, clock: TestClock(), onError: { errors.append($0) })
            struct Set: Action { let amounts: [Decimal] }
            let store = createStore(
                { (state: [Decimal]?, action: any Action) in (action as? Set)?.amounts ?? state ?? [] }, nil,
                persistence.enhancer)
            store.dispatch(Set(amounts: [1.5]))
            persistence.flush()
            store.dispatch(Set(amounts: [2, .nan]))
            persistence.flush()
            #expect(errors.values.map(\.kind) == [.encodingFailed])
            let reason = String(describing: errors.values.first?.underlying as Any)
            #expect(reason.contains("NaN"))
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            #expect(saved?["state"] as? [Double] == [1.5])
        }
    }
}
