import ReduxKitLinux
import ReduxKitLinuxTestSupport
import Testing

@Suite("Action")
struct ActionTests {
    struct Inc: Action {}
    enum Toggle: Action { case on, off }
    struct Named: Action {
        var type: String { "named/custom" }
    }

    @Test func typeIsTheDynamicTypeName() {
        #expect(Inc().type == "Inc")
        #expect(Toggle.on.type == "Toggle")
        #expect(DefaultAction().type == "DefaultAction")
        #expect(ReplaceReducerAction().type == "ReplaceReducerAction")
    }

    @Test func typeThroughAnExistentialIsStillTheDynamicType() {
        let actions: [any Action] = [Inc(), Toggle.off, DefaultAction()]
        #expect(actions.map(\.type) == ["Inc", "Toggle", "DefaultAction"])
    }

    @Test func aTypeMayNameItselfAndTheNameSurvivesAnExistential() {
        let action: any Action = Named()
        #expect(action.type == "named/custom")
    }

    @Test func reducersMatchActionsByCasting() {
        #expect(counterReducer(1, Increment(by: 2)) == 3)
        #expect(counterReducer(1, Decrement()) == 0)
        #expect(counterReducer(1, Noop()) == 1)
        #expect(counterReducer(nil, DefaultAction()) == 0)
    }
}
