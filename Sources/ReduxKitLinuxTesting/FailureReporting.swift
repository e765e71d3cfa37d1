import Foundation
import Testing

#if canImport(XCTest)
    import XCTest
#endif

/// Where a failed assertion was written, for both Swift Testing and XCTest.
/// (The test store's own; public API takes `fileID:filePath:line:column:`.)
package struct CallSite: Sendable {
    /// The file, as `#fileID` gives it (`Module/File.swift`).
    package let fileID: String
    /// The file, as `#filePath` gives it.
    package let filePath: StaticString
    /// The line.
    package let line: UInt
    /// The column.
    package let column: UInt

    /// The call site of the function whose default arguments make it.
    ///
    /// - Parameters:
    ///   - fileID: The file, as `#fileID` gives it.
    ///   - filePath: The file, as `#filePath` gives it.
    ///   - line: The line.
    ///   - column: The column.
    package init(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

extension CallSite: CustomStringConvertible {
    /// `File.swift:12`: the file's name and the line.
    package var description: String {
        "\(fileID.split(separator: "/").last.map(String.init) ?? fileID):\(line)"
    }
}

/// Fails the running test with `message`: through Swift Testing when a Swift
/// Testing test is running, and through XCTest otherwise.
///
/// Swift Testing headlines an issue with its kind, and the only kind that
/// carries the caller's words is a caught error (`Issue.record(comment)`
/// headlines every issue "Issue recorded"): so the issue is recorded as a
/// ``TestFailure`` whose description is the message's headline, with the
/// whole message as its comment (what `withKnownIssue` matchers read).
func failTest(_ message: String, at site: CallSite) {
    if Test.current != nil {
        Issue.record(
            TestFailure(message: message), Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column)))
    } else {
        #if canImport(XCTest)
            XCTFail(message, file: site.filePath, line: site.line)
        #else
            FileHandle.standardError.write(Data("\(site.fileID):\(site.line): \(message)\n".utf8))
        #endif
    }
}

/// A failed check of the testing product, as Swift Testing records it: its
/// description is the failure message's headline (its first line, without the
/// colon that introduces the details), so the issue reads `Caught error: The
/// state after Add is not as asserted` where it would read `Issue recorded`.
struct TestFailure: Error, CustomStringConvertible {
    /// The whole failure message.
    let message: String

    /// The message's first line, without a trailing colon.
    var description: String {
        let headline = message.prefix { !$0.isNewline }
        return String(headline.hasSuffix(":") ? headline.dropLast() : headline)
    }
}
