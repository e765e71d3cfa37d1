import Foundation
import Testing

@testable import ReduxKitLinuxDevtools

/// The inspector reads what an ``ActionLog`` writes: two launches logging to
/// one file with their state changes, a jump and an unregistered action.
@Suite("Inspector of a real action log")
struct InspectorActionLogTests {
    typealias Todo = ActionLogTests.Todo
    typealias AddTodo = ActionLogTests.AddTodo
    typealias ToggleTodo = ActionLogTests.ToggleTodo

    /// An action the registry does not know.
    struct Tick: Action {}

    @Test func twoLaunchesWithStateChangesBecomeTwoSessionsWithEveryChange() throws {
        let file = ActionLogTests.temporaryFile("inspected.jsonl")
        defer { ActionLogTests.removeLog(file) }
        for launch in 1...2 {
            let log = ActionLog<[Todo]>(
                registry: ActionLogTests.registry, file: file, version: 3, recordingStateChanges: true,
                unregistered: .mark)
            let timeTravel = TimeTravel<[Todo]>()
            let store = createStore(
                ActionLogTests.todos, [Todo(title: "launch \(launch)")], compose(timeTravel.enhancer, log.enhancer))
            store.dispatch(AddTodo(title: "</script><b>\(launch)</b>"))
            store.dispatch(ToggleTodo(index: 0))
            store.dispatch(Tick())
            if launch == 2 { timeTravel.undo() }
            log.flush()
        }
        let timeline = try ActionLogInspector.timeline(forLogAt: file)
        #expect(timeline.sessions.count == 2)
        #expect(timeline.statesRecorded)
        #expect(timeline.sessions.allSatisfy { $0.version == 3 && $0.id != nil && $0.started != nil })
        // The log's JSON, byte for byte.
        #expect(timeline.sessions[0].state == InspectorRawJSON(#"[{"done":false,"title":"launch 1"}]"#))
        #expect(timeline.entries.map(\.kind) == [.action, .action, .unrecorded, .action, .action, .unrecorded, .jump])
        #expect(timeline.entries.map(\.entry) == [1, 2, 3, 1, 2, 3, 4])
        #expect(timeline.entries.map(\.session) == [0, 0, 0, 1, 1, 1, 1])
        let add = try JSONSerialization.jsonObject(with: try #require(timeline.entries[0].payload).bytes)
        #expect(add as? [String: String] == ["title": "</script><b>1</b>"])
        #expect(timeline.entries[1].changes == InspectorRawJSON(#"[{"op":"replace","path":"/0/done","value":true}]"#))
        #expect(timeline.entries[6].state != nil)

        let summary = try ActionLogInspector.writePage(
            forLogAt: file, to: file.appendingPathExtension("html"), title: "Two launches")
        defer { try? FileManager.default.removeItem(at: file.appendingPathExtension("html")) }
        #expect(
            summary == ActionLogInspectorSummary(sessions: 2, entries: 7, statesRecorded: true, bytes: summary.bytes))
        let page = try String(contentsOf: file.appendingPathExtension("html"), encoding: .utf8)
        #expect(!page.contains("<b>1</b>"))
        #expect(page.contains(#"\u003c/script\u003e\u003cb\u003e1\u003c/b\u003e"#))
    }
}
