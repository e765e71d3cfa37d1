import Foundation
import Testing

@testable import ReduxKitLinuxDevtools

/// The inspector page shows what the log holds, so it is written as privately
/// as the log (issue 42): created `0600`, a page written over keeping its
/// mode, replaced whole by a rename that leaves no temporary file.
@Suite("Inspector page writing")
struct InspectorPageWritingTests {
    @Test func aNewPageIsCreated0600AndAPageWrittenOverKeepsItsMode() throws {
        try InspectorTimelineReadingTests.withLog { log in
            try PersistenceFixtures.inDirectory { directory in
                let page = directory.appendingPathComponent("log.html")
                try ActionLogInspector.writePage(forLogAt: log, to: page)
                #expect(try ActionLogPermissionsTests.mode(of: page) == 0o600)
                #expect(chmod(page.path, 0o640) == 0)
                try ActionLogInspector.writePage(forLogAt: log, to: page, title: "Again")
                #expect(try ActionLogPermissionsTests.mode(of: page) == 0o640)
                #expect(try String(contentsOf: page, encoding: .utf8).contains("<title>Again</title>"))
                #expect(PersistenceFixtures.files(in: directory) == ["log.html"])
            }
        }
    }

    @Test func aSymbolicLinkAtThePageIsReplacedNotFollowed() throws {
        try InspectorTimelineReadingTests.withLog { log in
            try PersistenceFixtures.inDirectory { directory in
                let page = directory.appendingPathComponent("log.html")
                let elsewhere = directory.appendingPathComponent("elsewhere.txt")
                try Data("kept".utf8).write(to: elsewhere)
                try FileManager.default.createSymbolicLink(at: page, withDestinationURL: elsewhere)
                try ActionLogInspector.writePage(forLogAt: log, to: page)
                #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "kept")
                let attributes = try FileManager.default.attributesOfItem(atPath: page.path)
                #expect(attributes[.type] as? FileAttributeType == .typeRegular)
                #expect(try ActionLogPermissionsTests.mode(of: page) == 0o600)
            }
        }
    }
}
