import ReduxKitLinux
import ReduxKitLinuxEffects
import ReduxKitLinuxTesting
import XCTest

/// The test store under XCTest: the same flow as in Swift Testing, passing.
final class TestStoreXCTests: XCTestCase {
    struct Count: Equatable, Sendable {
        var value = 0
    }

    struct Add: Action { let amount: Int }

    func testTheTestStoreWorksUnderXCTest() async {
        let test = TestStore(
            initialState: Count(),
            reducer: { (state: inout Count, action: any Action) in
                if let add = action as? Add { state.value += add.amount }
            },
            middleware: [thunkMiddleware()])
        test.dispatch(Add(amount: 2)) { $0.value = 2 }
        test.dispatch(Thunk<Count> { dispatch, _ in _ = dispatch(Add(amount: 3)) })
        await test.receive(Add.self) { action, state in state.value += action.amount }
        await test.finish()
        test.dispatch(Thunk<Count> { dispatch, _ in _ = dispatch(Add(amount: 1)) })
        await test.receive(Add.self) { $0.value = 6 }
        await test.finish()
        XCTAssertEqual(test.state.value, 6)
    }
}
