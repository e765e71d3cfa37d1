import ReduxKitLinux
import Testing

@Suite("Standard actions")
struct StandardActionsTests {
    struct Simple: SimpleStandardAction {
        let rawPayload: Int
    }

    struct Full: StandardAction {
        let rawPayload: String
        let meta: (any Sendable)?
        let error: Bool

        init(payload: String?, meta: (any Sendable)?, error: Bool) {
            self.rawPayload = payload ?? "default"
            self.meta = meta
            self.error = error
        }
    }

    @Test func simpleStandardActionDefaultsPayloadMetaAndError() {
        let action = Simple(rawPayload: 7)
        #expect(action.payload as? Int == 7)
        #expect(action.meta == nil)
        #expect(action.error == false)
        #expect(action.type == "Simple")
    }

    @Test func fluxStandardActionFieldsReadThroughTheProtocol() {
        let action: any FluxStandardAction = Full(payload: "x", meta: "m", error: true)
        #expect(action.payload as? String == "x")
        #expect(action.meta as? String == "m")
        #expect(action.error)
        #expect(action.type == "Full")
    }

    @Test func standardActionInitUsesItsOwnDefaultForANilPayload() {
        #expect(Full(payload: nil, meta: nil, error: false).rawPayload == "default")
    }
}
