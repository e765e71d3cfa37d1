// The Redux Toolkit walkthrough of Docs/ReduxKitLinux.docc/MigratingFromRedux.md: the posts
// slice of the Redux Essentials tutorial app (createAsyncThunk with its status, a listener), ported.
// The code between the markers is the article's sample, word for word (Docs/check-recipes.py
// checks it); ReduxEssentialsPostsWalkthroughTests.swift runs it.

// BEGIN RECIPE rtk-posts
import ReduxKitLinuxEffects

struct Post: Equatable, Identifiable, Sendable {
    let id: String
    var title: String
    var content: String
}

struct NewPost: Equatable, Sendable {
    var title: String
    var content: String
}

// api/client.ts: what the thunks call, a dependency a test replaces.
struct PostsClient: Sendable {
    var fetchAll: @Sendable () async throws -> [Post]
    var add: @Sendable (NewPost) async throws -> Post
}

struct NoServerInThisSample: Error {}

enum PostsClientKey: EffectDependencyKey {
    // The live client would call the server.
    static let defaultValue = PostsClient(
        fetchAll: { throw NoServerInThisSample() }, add: { _ in throw NoServerInThisSample() })
}

extension EffectDependencies {
    var postsClient: PostsClient {
        get { self[PostsClientKey.self] }
        set { self[PostsClientKey.self] = newValue }
    }
}

// postsSlice.ts: `initialState` and its `status: 'idle' | 'pending' | 'succeeded' | 'failed'`.
enum PostsStatus: Sendable {
    case idle, pending, succeeded, failed
}

struct PostsState: Equatable, Sendable {
    var posts: [Post] = []
    var status: PostsStatus = .idle
    var error: String?
}

// store.ts's RootState: the slices, each with its initial state as a default.
struct EssentialsApp: Equatable, Sendable {
    var posts = PostsState()
    var toast: String?
}

// createAsyncThunk('posts/fetchPosts', …, { condition }): runs only while idle.
let fetchPosts = AsyncThunk<EssentialsApp, Void, [Post]>(
    "posts/fetchPosts", condition: { _, context in context.state.posts.status == .idle }
) { _, context in
    try await context.dependencies.postsClient.fetchAll()
}

// createAsyncThunk('posts/addNewPost', async initialPost => …)
let addNewPost = AsyncThunk<EssentialsApp, NewPost, Post>("posts/addNewPost") { newPost, context in
    try await context.dependencies.postsClient.add(newPost)
}

// reducers: { postUpdated }: a case reducer is an action struct.
struct PostUpdated: Action {
    let id: String
    let title: String
    let content: String
}

// The slice's reducer: its case reducers, then extraReducers' builder.addCase(…).
func postsReducer(_ state: inout PostsState, _ action: any Action) {
    if let updated = action as? PostUpdated, let index = state.posts.firstIndex(where: { $0.id == updated.id }) {
        state.posts[index].title = updated.title
        state.posts[index].content = updated.content
    } else if fetchPosts.pending(action) != nil {
        state.status = .pending
    } else if let fetched = fetchPosts.fulfilled(action) {
        state.status = .succeeded
        state.posts.append(contentsOf: fetched.value)  // action.payload
    } else if let failed = fetchPosts.rejected(action) {
        state.status = .failed
        state.error = failed.serializedError.message ?? "Unknown Error"  // action.error.message
    } else if let added = addNewPost.fulfilled(action) {
        state.posts.append(added.value)
    }
}

// The toast the listener shows, as state (the tutorial calls a toast library).
struct ToastShown: Action { let message: String }
struct ToastHidden: Action {}

func toastReducer(_ state: inout String?, _ action: any Action) {
    if let shown = action as? ToastShown { state = shown.message }
    if action is ToastHidden { state = nil }
}

// The root reducer, as in the todos walkthrough above.
nonisolated var essentialsReducer: InPlaceReducer<EssentialsApp> {
    combineReducers(
        pullback(postsReducer, state: \EssentialsApp.posts),
        pullback(toastReducer, state: \EssentialsApp.toast))
}

// listenerMiddleware.ts: startAppListening({ actionCreator: addNewPost.fulfilled, effect }).
func essentialsListeners(_ dependencies: EffectDependencies) -> ListenerMiddleware<EssentialsApp> {
    let listeners = ListenerMiddleware<EssentialsApp>(dependencies: dependencies)
    listeners.addListener(matching: isFulfilled(addNewPost)) { _, context in
        await context.dispatch(ToastShown(message: "New post added!"))
        try await context.delay(.seconds(5))  // listenerApi.delay(5000), on the dependencies' clock
        await context.dispatch(ToastHidden())
    }
    return listeners
}

// store.ts: configureStore({ reducer, middleware: … .prepend(listenerMiddleware.middleware) }).
@MainActor func makeEssentialsStore(dependencies: EffectDependencies = EffectDependencies()) -> Store<EssentialsApp> {
    createStore(
        essentialsReducer, EssentialsApp(),
        applyMiddleware(thunkMiddleware(dependencies: dependencies), essentialsListeners(dependencies).middleware()))
}

// AddPostForm.tsx: `await dispatch(addNewPost(post)).unwrap()`, then clear the form.
@MainActor func savePost(_ post: NewPost, in store: Store<EssentialsApp>) async -> Bool {
    do {
        _ = try await store.dispatch(addNewPost(post)).value
        return true
    } catch {
        return false  // the tutorial logs it: console.error('Failed to save the post: ', err)
    }
}
// END RECIPE rtk-posts
