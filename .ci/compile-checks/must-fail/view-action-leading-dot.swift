// expect: error: type 'any Action' has no member 'list'
// Not a race: the spelling of typed stores (ReduxKit's Idea.swift sketch, TCA) that an untyped store
// cannot accept, pinned so the Composing article's explanation stays true. `view(value:action:)`'s
// `action` function answers `any Action`, so a leading-dot `.list` is looked up in `any Action`,
// which has no such member. The twin names the enum (`ParentAction.list($0)`) and compiles.
import ReduxKitLinux

enum ListAction: Action { case add(String) }
enum ParentAction: Action { case list(ListAction) }
struct ParentState { var names: [String] = [] }

func makeChild() -> Store<[String]> {
    let parent = createStore({ (_: inout ParentState, _: any Action) in }, ParentState())
    return parent.view(value: { $0.names }, action: { .list($0) })  // CULPRIT
    // TWIN: return parent.view(value: { $0.names }, action: { ParentAction.list($0) })
}
