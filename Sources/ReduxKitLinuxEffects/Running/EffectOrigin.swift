/// Which kind of effect the code running now belongs to, so a middleware or a
/// reducer can tell an action an effect dispatched from one the app dispatched
/// (the action log marks the former with `"effect"`).
///
/// The effects set ``current`` once per run, never per dispatch: a ``Thunk``'s
/// body, while the thunk middleware calls it; an ``AsyncThunk``'s run, from
/// its pending action (dispatched inside the dispatch that started it) through
/// its body to its fulfilled or rejected action; a listener's effect, its
/// forks and what it `pause`s on. A dispatch made from there runs its
/// middleware and reducers synchronously in the same task (on the store's
/// actor, or under its shared store's lock), so they read the effect's origin;
/// the app's own dispatches, outside any effect, read `nil`. The innermost
/// effect wins: a thunk a listener dispatches reads `.thunk` in its body. What
/// an effect's dispatch calls synchronously reads the effect's origin too (a
/// store subscriber it notifies, and what that subscriber dispatches).
package enum EffectOrigin: String, Sendable {
    /// A ``Thunk``'s body, called by the thunk middleware.
    case thunk
    /// An ``AsyncThunk``'s run: its lifecycle actions and its body.
    case asyncThunk
    /// A listener's effect (``ListenerMiddleware``), its forks and its `pause`s.
    case listener

    /// The effect the current code runs for; `nil` outside effects.
    @TaskLocal package static var current: EffectOrigin?
}
