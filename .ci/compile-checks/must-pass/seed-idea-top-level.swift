// expect-output: ["Ada"]
// expect-output: ["Ada", "Ada"]
// expect-output: parent state: ParentState(view1State: ["Ada", "Ada"], view2State: 0)
// The seed's Idea.swift (/work/shared/seeds, a scoped-store sketch), as top-level code of a
// main.swift, with the edits Sources/Demo/Stories/IdeaScreen.swift lists and no others:
//   - the action enums conform to `Action`; `parentReducer` is an `InPlaceReducer<ParentState>`;
//     `combine` is `combineReducers`, `pullback(_:value:action:)` is `pullback(_:state:action:)`
//     with the action key path's root named (`\ParentActions.view1`);
//   - `Store<ParentState,ParentActions>(initialValue:reducer:)` is `createStore(reducer, state)`;
//     the child store is a `Store<[String]>`; `{ .view1($0) }` is `{ ParentActions.view1($0) }`
//     (see the Composing article, "Naming the parent's action case"); `send(.addName)` is
//     `dispatch(View1Actions.addName)`;
//   - the RxSwift binding is a `Store` extension; the view holds its delegate weakly;
//   - the classes are `@MainActor` (top-level globals are the main actor's), and the name appended
//     is "Ada" instead of the seed's placeholder.
import ReduxKitLinux

struct ParentState: Equatable {
    var view1State: [String]
    var view2State: Int
}

enum ParentActions: Action {
    case view1(View1Actions)
    case view2(View2Actions)
}

// This should be generated using sourcery. Wee need it to have enum keypaths

extension ParentActions {
    var view1: View1Actions? {
        get {
            guard case let .view1(value) = self else { return nil }
            return value
        }
        set {
            guard case .view1 = self, let newValue = newValue else { return }
            self = .view1(newValue)
        }
    }

    var view2: View2Actions? {
        get {
            guard case let .view2(value) = self else { return nil }
            return value
        }
        set {
            guard case .view2 = self, let newValue = newValue else { return }
            self = .view2(newValue)
        }
    }
}

enum View1Actions: Action {
    case addName
}

enum View2Actions: Action {
    case increment
}

func test1Reducer(state: inout [String], action: View1Actions) {
    switch action {
    case .addName:
        state.append("Ada")
    }
}

func test2Reducer(state: inout Int, action: View2Actions) {
    switch action {
    case .increment:
        state += 1
    }
}

let parentReducer: InPlaceReducer<ParentState> = combineReducers(
    pullback(test1Reducer, state: \.view1State, action: \ParentActions.view1),
    pullback(test2Reducer, state: \.view2State, action: \ParentActions.view2)
)

@MainActor
class ParentViewController {
    var store = createStore(parentReducer, ParentState(view1State: [], view2State: 0))

    var childVC: Child1ViewController?

    init() {
        addTopView()
    }

    func addTopView() {
        childVC = Child1ViewController(store: store.view(value: { $0.view1State }, action: { ParentActions.view1($0) }))
    }
}

@MainActor
class Child1ViewController {
    var store: Store<[String]>
    private var disposeBag = DisposeBag()

    lazy var view: View1 = {
        return View1(delegate: self)
    }()

    init(store: Store<[String]>) {
        self.store = store
        store.bindToView(configure: view.configure, with: disposeBag)
    }
}

extension Child1ViewController: View1Delegate {
    func didTap() {
        store.dispatch(View1Actions.addName)
    }
}

@MainActor
protocol View1Delegate: AnyObject {
    func didTap()
}

// Fake UIView
class View {}

extension Store {
    func bindToView(configure: @escaping (State) -> Void, with disposeBag: DisposeBag) {
        subscribe({ value in
            configure(value)
        }).disposed(by: disposeBag)
    }
}

@MainActor
class View1 {
    typealias ViewModel = [String]
    weak var delegate: View1Delegate?

    init(delegate: View1Delegate) {
        self.delegate = delegate
    }

    func configure(viewModel: [String]) {
        print(viewModel)
    }

    func uiDidTap() {
        delegate?.didTap()
    }
}

// TEST TEST TEST

let parent = ParentViewController()
// Fake user behaviour tapping on view elements
parent.childVC?.view.uiDidTap()
parent.childVC?.view.uiDidTap()
print("parent state: \(parent.store.state)")
