/// The fields at the start of a session's header line as the writer lays
/// them out (`{"session":"…"[,"continues":true],"timestamp":"…","version":…,"entry":…`),
/// read from its first bytes without the state that follows: how recovery
/// checks a saved state's ``ActionLogPlace``.
struct ActionLogHeaderFields: Equatable {
    let session: String
    let continues: Bool
    let timestamp: String
    let version: Int
    let entry: Int

    /// Reads the fields from the first bytes of a line; `nil` if they are not laid out so.
    init?(_ bytes: [UInt8]) {
        var scanner = Scanner(bytes: bytes[...])
        guard scanner.take(ActionLogSessionHeader.prefix), let session = scanner.string() else { return nil }
        continues = scanner.take(Array(#","continues":true"#.utf8))
        guard scanner.take(Array(#","timestamp":"#.utf8)), let timestamp = scanner.string(),
            scanner.take(Array(#","version":"#.utf8)), let version = scanner.integer(),
            scanner.take(Array(#","entry":"#.utf8)), let entry = scanner.integer()
        else { return nil }
        self.session = session
        self.timestamp = timestamp
        self.version = version
        self.entry = entry
    }

    /// Reads the writer's fixed tokens, plain strings (no escapes) and integers.
    private struct Scanner {
        var bytes: ArraySlice<UInt8>

        /// Takes `token` if the bytes start with it.
        mutating func take(_ token: [UInt8]) -> Bool {
            guard bytes.starts(with: token) else { return false }
            bytes = bytes.dropFirst(token.count)
            return true
        }

        /// Takes a quoted string without escapes.
        mutating func string() -> String? {
            guard bytes.first == UInt8(ascii: "\""),
                let close = bytes.dropFirst().firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
                ),
                bytes[close] == UInt8(ascii: "\"")
            else { return nil }
            defer { bytes = bytes[(close + 1)...] }
            return String(decoding: bytes[(bytes.startIndex + 1)..<close], as: UTF8.self)
        }

        /// Takes a non-negative integer.
        mutating func integer() -> Int? {
            let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard !digits.isEmpty, digits.count < 19 else { return nil }
            bytes = bytes.dropFirst(digits.count)
            return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
    }
}
