import Foundation

/// The devtools' one JSON strategy, for the action log and for persistence:
/// Foundation's `JSONEncoder` and `JSONDecoder`, no JSON reader or writer of
/// their own, so a file is read exactly as `JSONDecoder` reads it (a file it
/// refuses is refused) and written as `JSONEncoder` writes it.
///
/// Keys are sorted, so two saves of one state, or two log lines of one
/// action, are the same bytes; slashes are not escaped, so URLs and paths stay
/// readable.
///
/// One check is added on top: `JSONEncoder` writes a `Decimal.nan` as `NaN`,
/// which is not JSON and which `JSONDecoder` refuses, so a state or action
/// holding one would be written and then never read back (a saved state lost,
/// a log whose replay stops at that line). ``encode(_:with:)`` refuses such
/// output as it refuses a `Double.nan`: with an `EncodingError`.
enum DevtoolsJSON {
    /// An encoder with the devtools' output formatting.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder, given `userInfo`.
    static func makeDecoder(userInfo: [CodingUserInfoKey: any Sendable] = [:]) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        return decoder
    }

    /// `value` encoded by `encoder` (by default one of ``makeEncoder()``'s).
    ///
    /// - Throws: What `JSONEncoder` throws (a `Double.nan` or infinity), or an
    ///   `EncodingError.invalidValue` when its output is not JSON (a `Decimal.nan`).
    static func encode<T: Encodable>(_ value: T, with encoder: JSONEncoder = makeEncoder()) throws -> Data {
        let data = try encoder.encode(value)
        guard writesOnlyJSONTokens(data) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "JSONEncoder wrote a token that is not JSON (a Decimal.nan is written as NaN); "
                        + "it could not be read back, so it is not written"))
        }
        return data
    }

    /// Whether every byte of `json` outside its strings is one JSON's grammar
    /// allows there (brackets, punctuation, whitespace, numbers and the letters
    /// of `true`, `false` and `null`). `JSONEncoder`'s output is JSON but for
    /// the `NaN` of a `Decimal.nan`, which this finds.
    static func writesOnlyJSONTokens(_ json: Data) -> Bool {
        json.withUnsafeBytes { bytes in
            var strings = JSONStringSkipper()
            for byte in bytes where !strings.skips(byte) {
                if !allowedOutsideStrings[Int(byte)] { return false }
            }
            return !strings.isInString
        }
    }

    /// The bytes JSON allows outside strings.
    private static let allowedOutsideStrings: [Bool] = {
        var allowed = [Bool](repeating: false, count: 256)
        for byte in "{}[],: \t\r\n0123456789+-.eEtruefalsn".utf8 { allowed[Int(byte)] = true }
        return allowed
    }()
}
