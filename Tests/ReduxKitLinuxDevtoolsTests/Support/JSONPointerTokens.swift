@testable import ReduxKitLinuxDevtools

/// Reading a JSON Pointer, for ``JSONPatch/apply(_:to:)`` (the product only
/// writes them).
extension JSONPointer {
    /// The reference tokens of `path`, unescaped (none for `""`, the whole document).
    ///
    /// - Throws: ``JSONPatchError/invalidPointer(_:)`` if `path` is neither
    ///   empty nor starts with `/`, or has a `~` not followed by `0` or `1`.
    static func tokens(of path: String) throws(JSONPatchError) -> [String] {
        if path.isEmpty { return [] }
        guard path.hasPrefix("/") else { throw .invalidPointer(path) }
        return try path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            (token) throws(JSONPatchError) -> String in
            guard token.contains("~") else { return String(token) }
            var unescaped = ""
            var afterTilde = false
            for character in token.unicodeScalars {
                if afterTilde {
                    switch character {
                    case "0": unescaped += "~"
                    case "1": unescaped += "/"
                    default: throw .invalidPointer(path)
                    }
                    afterTilde = false
                } else if character == "~" {
                    afterTilde = true
                } else {
                    unescaped.unicodeScalars.append(character)
                }
            }
            if afterTilde { throw .invalidPointer(path) }
            return unescaped
        }
    }

    /// The array index `token` stands for, if it is one: decimal digits, no
    /// leading zero (RFC 6901), `-` is not (it is handled by `add`).
    static func index(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            token == "0" || !token.hasPrefix("0")
        else { return nil }
        return Int(token)
    }
}
