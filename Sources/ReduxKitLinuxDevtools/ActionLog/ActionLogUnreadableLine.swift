import Foundation

/// Why a log line cannot be read (``ActionLogLine/unreadable(reason:)``, and
/// the inspector, whose page needs its values as JSON `JSONSerialization`
/// takes), said so a person knows what the line is: not UTF-8 text, a
/// complete JSON value nested deeper than the reader takes, JSON that is not
/// an object, or not JSON (a line damaged, or cut by a crash).
enum ActionLogUnreadableLine {
    /// Deeper than this, a balanced line is said to be nested too deep
    /// (`JSONSerialization` stops at a few hundred levels).
    static let deepNesting = 256

    /// What `line` is, in a few words ("nested 100,000 levels deep, too
    /// deep to read", "not UTF-8 text", ...).
    static func reason(_ line: Data) -> String {
        guard String(validating: line, as: UTF8.self) != nil else { return "not UTF-8 text" }
        let shape = nesting(line)
        if shape.isComplete && shape.depth > deepNesting {
            return "nested \(grouped(shape.depth)) levels deep, too deep to read"
        }
        if (try? JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed])) != nil {
            return "JSON, but not an object"
        }
        return "not JSON"
    }

    /// `number` with its thousands grouped: 100000 -> "100,000".
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return digits
    }

    /// Whether `line` is one whole JSON object (or array), its brackets
    /// balanced and closed at its end, nested deeper than ``deepNesting``:
    /// unreadable, but not cut short by a crash (a cut line's outermost
    /// bracket is never closed).
    static func isWholeButTooDeep(_ line: Data) -> Bool {
        let shape = nesting(line)
        return shape.isComplete && shape.depth > deepNesting
    }

    /// The deepest nesting of brackets outside strings in `line`, and
    /// whether the first bracket opened is closed by the line's last byte
    /// (spaces aside) with none left open.
    static func nesting(_ line: Data) -> (depth: Int, isComplete: Bool) {
        var depth = 0
        var deepest = 0
        var strings = JSONStringSkipper()
        var closedAt: Int?
        var balanced = true
        for (index, byte) in line.enumerated() where !strings.skips(byte) {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if closedAt != nil { balanced = false }
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { balanced = false }
                if depth == 0 { closedAt = index }
            case 0x20, 0x09, 0x0D, 0x0A: break
            default: if closedAt != nil { balanced = false }
            }
        }
        return (deepest, balanced && !strings.isInString && depth == 0 && closedAt != nil)
    }
}
