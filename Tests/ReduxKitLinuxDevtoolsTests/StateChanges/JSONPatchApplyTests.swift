import Foundation
import Testing

@testable import ReduxKitLinuxDevtools

/// Operations as RFC 6902 spells them, and `JSONPatch.apply(_:to:)` (the
/// tests' support, with which they check the action log's changes): JSON
/// Pointers unescaped, and the errors of paths that lead nowhere.
@Suite("JSON Patch operations")
struct JSONPatchApplyTests {
    /// A document with an object, an array and keys that need escaping.
    static let document: JSONValue = .object([
        "todos": .array([.object(["done": .bool(false)]), .object(["done": .bool(true)])]),
        "a/b": .object(["m~n": .integer(1)]),
        "count": .integer(2),
    ])

    /// The JSON `operations` are written as.
    static func json(_ operations: [JSONPatchOperation]) throws -> String {
        String(decoding: try DevtoolsJSON.encode(operations), as: UTF8.self)
    }

    @Test func operationsAreWrittenAsRFC6902SpellsThem() throws {
        #expect(try Self.json([.replace("/a/0", .integer(1))]) == #"[{"op":"replace","path":"/a/0","value":1}]"#)
        #expect(try Self.json([.remove("/a/0")]) == #"[{"op":"remove","path":"/a/0"}]"#)
        #expect(try Self.json([.add("/a", .null)]) == #"[{"op":"add","path":"/a","value":null}]"#)
        #expect(try Self.json([]) == "[]")
    }

    @Test func operationsAreReadBackAndANullValueIsAValue() throws {
        let operations: [JSONPatchOperation] = [
            .replace("", .null), .add("/x~1y", .object(["k": .array([.double(0.5)])])), .remove("/0"),
        ]
        #expect(try JSONPatchOperation.operations(parsing: DevtoolsJSON.encode(operations)) == operations)
        let missing = Data(#"[{"op":"replace","path":"/a"}]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONPatchOperation.operations(parsing: missing) }
    }

    @Test func escapedKeysAreFound() throws {
        let patched = try JSONPatch.apply(
            [.replace("/a~1b/m~0n", .integer(7)), .add("/a~1b/~1~0", .string("new"))], to: Self.document)
        #expect(
            patched
                == .object([
                    "todos": .array([.object(["done": .bool(false)]), .object(["done": .bool(true)])]),
                    "a/b": .object(["m~n": .integer(7), "/~": .string("new")]), "count": .integer(2),
                ]))
    }

    @Test func addInsertsOrAppendsAndRemoveAndReplaceNeedTheElement() throws {
        let array: JSONValue = .array([.integer(0), .integer(1)])
        #expect(
            try JSONPatch.apply([.add("/0", .integer(9))], to: array)
                == .array([.integer(9), .integer(0), .integer(1)]))
        #expect(
            try JSONPatch.apply([.add("/2", .integer(9))], to: array)
                == .array([.integer(0), .integer(1), .integer(9)]))
        #expect(
            try JSONPatch.apply([.add("/-", .integer(9))], to: array)
                == .array([.integer(0), .integer(1), .integer(9)]))
        #expect(try JSONPatch.apply([.remove("/1")], to: array) == .array([.integer(0)]))
        #expect(try JSONPatch.apply([.replace("/1", .null)], to: array) == .array([.integer(0), .null]))
        #expect(try JSONPatch.apply([.replace("", .bool(true))], to: array) == .bool(true))
        #expect(try JSONPatch.apply([.add("", .bool(true))], to: array) == .bool(true))
    }

    @Test func badPathsThrow() {
        let cases: [(JSONPatchOperation, JSONPatchError)] = [
            (.replace("todos", .null), .invalidPointer("todos")),
            (.replace("/a~2b", .null), .invalidPointer("/a~2b")),
            (.replace("/a~", .null), .invalidPointer("/a~")),
            (.replace("/missing", .null), .pathNotFound("/missing")),
            (.remove("/missing"), .pathNotFound("/missing")),
            (.add("/missing/x", .null), .pathNotFound("/missing/x")),
            (.replace("/todos/2", .null), .pathNotFound("/todos/2")),
            (.add("/todos/3", .null), .pathNotFound("/todos/3")),
            (.remove("/todos/-"), .pathNotFound("/todos/-")),
            (.replace("/todos/01", .null), .pathNotFound("/todos/01")),
            (.replace("/todos/x", .null), .pathNotFound("/todos/x")),
            (.replace("/todos/-1", .null), .pathNotFound("/todos/-1")),
            (.replace("/count/0", .null), .pathNotFound("/count/0")),
            (.add("/count/x", .null), .pathNotFound("/count/x")),
            (.remove(""), .cannotRemoveRoot),
            (JSONPatchOperation(op: .add, path: "/x", value: nil), .missingValue("/x")),
            (JSONPatchOperation(op: .replace, path: "/count", value: nil), .missingValue("/count")),
        ]
        for (operation, error) in cases {
            #expect(throws: error, "\(operation)") { try JSONPatch.apply([operation], to: Self.document) }
        }
    }

    @Test func aFailedOperationLeavesTheDocumentAsItWas() throws {
        var document = Self.document
        #expect(throws: JSONPatchError.pathNotFound("/todos/5")) {
            document = try JSONPatch.apply([.replace("/count", .integer(3)), .remove("/todos/5")], to: document)
        }
        #expect(document == Self.document)
    }
}
