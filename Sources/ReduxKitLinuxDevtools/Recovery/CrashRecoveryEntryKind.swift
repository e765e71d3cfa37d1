import Foundation

/// What a log entry is, read from its first bytes as the writer lays them out
/// (`{"type":"…","timestamp":"…"[,"effect":"…"],"payload":…` or
/// `…,"unrecorded":true`; `{"jump":true,"timestamp":"…","state":…`), so a
/// replay decodes each line once, for its payload; `nil` for a line laid out
/// otherwise, which is then decoded whole.
enum CrashRecoveryEntryKind: Equatable {
    /// An action of the type named, with its payload.
    case action(type: String)
    /// An action of the type named, marked as not recorded.
    case unrecordedAction(type: String)
    /// A jump, with its state.
    case jump
    /// A jump whose state was not recorded.
    case unrecordedJump

    /// How far into a line the fields before the payload or state are looked for.
    private static let window = 512
    private static let typePrefix = Array(#"{"type":""#.utf8)
    private static let jumpPrefix = Array(#"{"jump":true,"#.utf8)
    private static let payload = Array(#","payload":"#.utf8)
    private static let state = Array(#","state":"#.utf8)
    private static let unrecorded = Array(#","unrecorded":true"#.utf8)

    /// Reads the kind of `line`; `nil` if it is not laid out as the writer lays lines out.
    init?(_ line: Data) {
        let head = [UInt8](line.prefix(Self.window))
        if head.starts(with: Self.jumpPrefix) {
            guard let marked = Self.firstMark(in: head, content: Self.state) else { return nil }
            self = marked ? .unrecordedJump : .jump
            return
        }
        guard head.starts(with: Self.typePrefix) else { return nil }
        let name = head.dropFirst(Self.typePrefix.count)
        guard let close = name.firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }),
            head[close] == UInt8(ascii: "\""),
            let marked = Self.firstMark(in: head[(close + 1)...], content: Self.payload)
        else { return nil }
        let type = String(decoding: name[..<close], as: UTF8.self)
        self = marked ? .unrecordedAction(type: type) : .action(type: type)
    }

    /// Whether the unrecorded mark comes before `content` in `bytes`; `nil` if neither is there.
    private static func firstMark(in bytes: ArraySlice<UInt8>, content: [UInt8]) -> Bool? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: ",") {
                let rest = bytes[index...]
                if rest.starts(with: content) { return false }
                if rest.starts(with: unrecorded) { return true }
            }
            index += 1
        }
        return nil
    }

    private static func firstMark(in bytes: [UInt8], content: [UInt8]) -> Bool? {
        firstMark(in: bytes[...], content: content)
    }
}
