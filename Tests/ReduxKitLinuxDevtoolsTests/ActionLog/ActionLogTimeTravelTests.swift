import Foundation
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// The action log records time-travel jumps, so a replay ends where the store
/// ended (issue 12, item 11).
@Suite("Action log and time travel")
struct ActionLogTimeTravelTests {
    struct Push: Action, Codable { let value: Int }

    static func stack(_ state: inout [Int], _ action: any Action) {
        if let push = action as? Push { state.append(push.value) }
    }

    static var registry: ActionRegistry {
        var registry = ActionRegistry()
        registry.register(Push.self)
        return registry
    }

    @Test func pushOnePushTwoUndoPushThreeReplaysToOneThree() throws {
        let file = ActionLogTests.temporaryFile("undo.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let timeTravel = TimeTravel<[Int]>(capacity: 10)
        let recorded = createStore(
            Self.stack, [],
            compose(timeTravel.enhancer, applyMiddleware(actionLogMiddleware(registry: Self.registry, to: file))))
        recorded.dispatch(Push(value: 1))
        recorded.dispatch(Push(value: 2))
        timeTravel.undo()
        recorded.dispatch(Push(value: 3))
        #expect(recorded.state == [1, 3])
        let replayed = createStore(Self.stack, [])
        #expect(try replayActionLog(at: file, registry: Self.registry, into: replayed) == 3)
        #expect(replayed.state == [1, 3])
    }

    @Test func everyKindOfJumpIsRecordedWhereItHappened() throws {
        let file = ActionLogTests.temporaryFile("jumps.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let timeTravel = TimeTravel<[Int]>(capacity: 10)
        let log = ActionLog<[Int]>(registry: Self.registry, file: file)
        let recorded = createStore(Self.stack, [], compose(log.enhancer, timeTravel.enhancer))
        var seen: [[Int]] = []
        recorded.subscribe { seen.append($0) }
        for value in 1...4 { recorded.dispatch(Push(value: value)) }
        timeTravel.undo()
        timeTravel.undo()
        timeTravel.redo()
        timeTravel.jump(to: 1)
        recorded.dispatch(Push(value: 5))
        timeTravel.reset()
        recorded.dispatch(Push(value: 6))
        timeTravel.undo()
        timeTravel.redo()

        let replayed = createStore(Self.stack, [])
        var replayedStates: [[Int]] = []
        replayed.subscribe { replayedStates.append($0) }
        let replay = try replayActionLog(at: file, registry: Self.registry, into: replayed, options: [])
        #expect(replay == ActionLogReplay(replayed: 6, jumps: 7))
        #expect(replay.isComplete)
        #expect(replayed.state == recorded.state)
        // The session's starting state first, then every state the store passed through, in order.
        #expect(replayedStates == [[]] + seen)
        let lines = try ActionLogTests.entryLines(of: file)
        #expect(lines[4].hasPrefix(#"{"jump":true,"timestamp":""#) && lines[4].hasSuffix(#","state":[1,2,3]}"#))
    }

    struct Opaque {  // not Codable
        var values: [Int] = []
    }

    static func opaque(_ state: inout Opaque, _ action: any Action) {
        if let push = action as? Push { state.values.append(push.value) }
    }

    /// Records push 1, push 2, undo, push 3 in a store whose state is not
    /// Codable, reporting to `errors`.
    static func recordOpaqueRun(to file: URL, errors: ActionLogRecordingTests.Errors) {
        let timeTravel = TimeTravel<Opaque>(capacity: 10)
        let recorded = createStore(
            Self.opaque, Opaque(),
            compose(
                timeTravel.enhancer,
                applyMiddleware(actionLogMiddleware(registry: Self.registry, to: file, onError: errors.report))))
        recorded.dispatch(Push(value: 1))
        recorded.dispatch(Push(value: 2))
        #expect(errors.all.isEmpty)
        timeTravel.undo()
        #expect(errors.all.count == 1)  // at the jump itself
        recorded.dispatch(Push(value: 3))
    }

    @Test func aJumpInAStoreWhoseStateIsNotCodableIsAnErrorWhereItHappens() throws {
        let file = ActionLogTests.temporaryFile("opaque.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let errors = ActionLogRecordingTests.Errors()
        Self.recordOpaqueRun(to: file, errors: errors)
        #expect(errors.all.count == 1)
        #expect(errors.all.first?.contains("time-travel jump") == true)
        #expect(errors.all.first?.contains("Opaque is not Encodable") == true)
        do {
            try replayActionLog(at: file, registry: Self.registry, into: createStore(Self.opaque, Opaque()))
            Issue.record("a log missing a jump was replayed")
        } catch let error as ActionLogError {
            #expect(error.line == 4)
            #expect(error.description.contains("jump was not recorded"))
        }
    }

    @Test func aLogMissingAJumpReplaysOnlyWhenToldAndSaysItIsIncomplete() throws {
        let file = ActionLogTests.temporaryFile("opaque-skipped.jsonl")
        defer { ActionLogTests.removeLog(file) }
        Self.recordOpaqueRun(to: file, errors: ActionLogRecordingTests.Errors())
        #expect(throws: ActionLogError(line: 4, reason: .unrecordedJump)) {
            try replayActionLog(at: file, registry: Self.registry, into: createStore(Self.opaque, Opaque()))
        }
        let replayed = createStore(Self.opaque, Opaque())
        let replay = try replayActionLog(
            at: file, registry: Self.registry, into: replayed, options: .skippingUnrecorded)
        #expect(replay == ActionLogReplay(replayed: 3, skippedUnrecorded: 1))
        #expect(!replay.isComplete)
    }

    @Test func aJumpLineWhoseStateDoesNotDecodeStopsTheReplay() throws {
        let file = ActionLogTests.temporaryFile("bad-jump.jsonl")
        defer { ActionLogTests.removeLog(file) }
        let lines = [
            #"{"type":"Push","timestamp":"t","payload":{"value":1}}"#,
            #"{"jump":true,"timestamp":"t","state":{"not":"an array"}}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let store = createStore(Self.stack, [])
        do {
            try replayActionLog(at: file, registry: Self.registry, into: store)
            Issue.record("the replay should have failed")
        } catch let error as ActionLogError {
            #expect(error.line == 2)
            guard case .undecodableState = error.reason else {
                Issue.record("unexpected reason \(error.reason)")
                return
            }
        }
        #expect(store.state.isEmpty)
    }
}
