/// Follows JSON text a byte at a time and says which bytes belong to a
/// string (its quotes and escapes included), so a scan of the rest of the
/// grammar (tokens, brackets) can pass over them.
struct JSONStringSkipper {
    /// Whether the last byte given left the text inside a string.
    private(set) var isInString = false
    private var escaped = false

    /// Whether `byte`, the next one, is part of a string.
    mutating func skips(_ byte: UInt8) -> Bool {
        if isInString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                isInString = false
            }
            return true
        }
        if byte == UInt8(ascii: "\"") {
            isInString = true
            return true
        }
        return false
    }
}
