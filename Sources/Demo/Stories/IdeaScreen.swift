import ReduxKitLinux

// "Idea.swift" (the seed): a screen built from parts. Local in-place reducers are pulled back into
// the parent state by key path, with the children's actions embedded as cases of the parent's
// action enum; a parent store; child stores scoped from it; views bound to store updates through
// a dispose bag. What had to change:
//   1. Everything sits in `enum IdeaScreen`: top-level code only runs in main.swift, so the seed's
//      "TEST TEST TEST" lines are `run()`.
//   2. `ParentActions`, `View1Actions` and `View2Actions` conform to `Action` (untyped actions).
//   3. `parentReducer` is an `InPlaceReducer<ParentState>` (its actions are `any Action`), a
//      computed `static var` (a stored global must be `Sendable`), and uses this library's names:
//      `combine` is `combineReducers`, `pullback(_:value:action:)` is `pullback(_:state:action:)`,
//      and the action key path names its root (`\ParentActions.view1`), which an untyped reducer
//      cannot infer.
//   4. `Store<ParentState,ParentActions>(initialValue:reducer:)` is `createStore(reducer, state)`;
//      a child store is a `Store<[String]>`; `{ .view1($0) }` names its type,
//      `{ ParentActions.view1($0) }`; `send(.addName)` is `dispatch(View1Actions.addName)`.
//   5. With no RxSwift, `store.observable.bindToView(configure:with:)` is
//      `store.bindToView(configure:with:)` below: it configures the view with the current state,
//      then with each new one, through the dispose bag.
//   6. `View1Delegate` is class-bound and the view holds its delegate weakly; otherwise the view
//      controller, its view and the view's delegate (the controller) would leak as a cycle.
//   7. A second child (View2, on `view2State`) shows two scoped stores side by side.
//   8. The name `addName` appends is "Ada", a neutral name, in place of the seed's placeholder
//      (a Polish profanity).

enum IdeaScreen {
    // 1. We need to define the screen "global" state

    struct ParentState: Equatable {
        var view1State: [String]
        var view2State: Int
    }

    enum ParentActions: Action {
        case view1(View1Actions)
        case view2(View2Actions)
    }

    // 2. Then we define local view state and local actions

    enum View1Actions: Action {
        case addName
    }

    enum View2Actions: Action {
        case increment
    }

    // 3. We create reducers. We can have as many as we can and compose from local to global

    static func test1Reducer(state: inout [String], action: View1Actions) {
        switch action {
        case .addName:
            state.append("Ada")
        }
    }

    static func test2Reducer(state: inout Int, action: View2Actions) {
        switch action {
        case .increment:
            state += 1
        }
    }

    // 4. We create one single reducer for the screen. In this case I'm merging 2 reducers but I
    // could be merging 2 reducers of combined reducers

    static var parentReducer: InPlaceReducer<ParentState> {
        combineReducers(
            pullback(test1Reducer, state: \.view1State, action: \ParentActions.view1),
            pullback(test2Reducer, state: \.view2State, action: \ParentActions.view2)
        )
    }

    // 5. We create the parent VC. WE KILL THE PRESENTER.
    // Now the ViewController will be in charge of the store
    // There's a lot of missing pieces here for cases like search and navigation

    // Can´t create real UIKit because macOS playground but imagine this is a UIViewController
    class ParentViewController {
        // This may be injected
        var store = createStore(parentReducer, ParentState(view1State: [], view2State: 0))

        // Reference only for debugging this test
        var childVC: Child1ViewController?
        var child2VC: Child2ViewController?

        init() {
            // Setup all the components layout. This parent controller is just a container of components
            addTopView()
        }

        func addTopView() {
            // 6. When we setup the view we build all the related vc and add them as childs seting up
            // the view layout
            childVC = Child1ViewController(
                store: store.view(value: { $0.view1State }, action: { ParentActions.view1($0) }))
            child2VC = Child2ViewController(
                store: store.view(value: { $0.view2State }, action: { ParentActions.view2($0) }))
            // We add the childVC into the view hierarchy
        }
    }

    // 7. Each child VC has an store

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

    class Child2ViewController {
        var store: Store<Int>
        private var disposeBag = DisposeBag()

        lazy var view: View2 = {
            return View2(delegate: self)
        }()

        init(store: Store<Int>) {
            self.store = store
            store.bindToView(configure: view.configure, with: disposeBag)
        }
    }

    protocol View1Delegate: AnyObject {
        func didTap()
    }

    // Fake UIView
    class View {}

    // The view is 100% independent of any of the new features. It's a UIView with single viewmodel
    // entry point and a delegate for input
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

    class View2 {
        typealias ViewModel = Int
        weak var delegate: View1Delegate?

        init(delegate: View1Delegate) {
            self.delegate = delegate
        }

        func configure(viewModel: Int) {
            print("taps: \(viewModel)")
        }

        func uiDidTap() {
            delegate?.didTap()
        }
    }

    // TEST TEST TEST

    static func run() {
        printStoryTitle("Idea.swift: a parent screen with two scoped child stores")
        let parent = ParentViewController()
        // Fake user behaviour tapping on view elements
        parent.childVC?.view.uiDidTap()
        parent.childVC?.view.uiDidTap()
        parent.child2VC?.view.uiDidTap()
        print("parent state: \(parent.store.state)")
    }
}

// This should be generated using sourcery. Wee need it to have enum keypaths
// (Moved out of `enum IdeaScreen`: extensions live at file scope.)

// swift-format-ignore: UseLetInEveryBoundCaseVariable
// (The seed's own `case let` spelling.)
extension IdeaScreen.ParentActions {
    var view1: IdeaScreen.View1Actions? {
        get {
            guard case let .view1(value) = self else { return nil }
            return value
        }
        set {
            guard case .view1 = self, let newValue = newValue else { return }
            self = .view1(newValue)
        }
    }

    var view2: IdeaScreen.View2Actions? {
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

// 8. Implements a view delegate so the UIKit view just sends inputs to the VC

extension IdeaScreen.Child1ViewController: IdeaScreen.View1Delegate {
    func didTap() {
        store.dispatch(IdeaScreen.View1Actions.addName)
    }
}

extension IdeaScreen.Child2ViewController: IdeaScreen.View1Delegate {
    func didTap() {
        store.dispatch(IdeaScreen.View2Actions.increment)
    }
}

// 9. We bind the view to the store observer calling the single view model entry point

extension Store {
    func bindToView(configure: @escaping (State) -> Void, with disposeBag: DisposeBag) {
        configure(state)
        subscribe({ value in
            configure(value)
        }).disposed(by: disposeBag)
    }
}
