/// RFC 6901 JSON Pointers, as the paths of ``JSONPatchOperation``s: `""` is
/// the whole document, `"/todos/3/done"` the `done` of the fourth element of
/// `todos`; in a key, `~` is written `~0` and `/` is written `~1`.
enum JSONPointer {
    /// `path` with one more reference token, `token` escaped.
    static func appending(_ token: String, to path: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return path + "/" + token
        }
        var escaped = ""
        for character in token.unicodeScalars {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return path + "/" + escaped
    }

    /// `path` with one more reference token, an array index.
    static func appending(_ index: Int, to path: String) -> String {
        path + "/" + String(index)
    }
}
