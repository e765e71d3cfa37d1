// The Redux Toolkit walkthrough's tests (Docs/ReduxKitLinux.docc/MigratingFromRedux.md): the code
// between the markers is the article's sample, word for word (Docs/check-recipes.py checks it).

import ReduxKitLinuxEffects  // the port imports it too, at the top of its sample
// BEGIN RECIPE rtk-posts-tests
import ReduxKitLinuxTesting
import Testing

@Suite struct PostsSliceTests {
    static let first = Post(id: "1", title: "First Post!", content: "Hello!")

    // A reducer test builds the lifecycle actions with the thunk's creators.
    @Test func aFulfilledFetchStoresThePosts() {
        var state = PostsState(status: .pending)
        postsReducer(&state, fetchPosts.fulfilled([Self.first], requestID: RequestID(1), argument: ()))
        #expect(state == PostsState(posts: [Self.first], status: .succeeded))
    }

    @Test func aRejectedFetchKeepsTheErrorsMessage() {
        var state = PostsState(status: .pending)
        postsReducer(&state, fetchPosts.rejected(NoServerInThisSample(), requestID: RequestID(1), argument: ()))
        #expect(state.status == .failed)
        #expect(state.error == "NoServerInThisSample()")
    }

    // The whole flow, with a fake client and a test clock for the toast's 5 seconds.
    @Test func fetchingOnceThenAddingAPostShowsTheToastForFiveSeconds() async throws {
        let clock = TestClock()
        var dependencies = EffectDependencies.test()  // a dependency the test did not set fails it
        dependencies.clock = clock
        dependencies.postsClient = PostsClient(
            fetchAll: { [Self.first] },
            add: { Post(id: "2", title: $0.title, content: $0.content) })
        let test = TestStore(
            initialState: EssentialsApp(), reducer: essentialsReducer,
            middleware: [thunkMiddleware(dependencies: dependencies), essentialsListeners(dependencies).middleware()])

        test.dispatch(fetchPosts())
        await test.receive(fetchPosts.pending) { $0.posts.status = .pending }
        await test.receive(fetchPosts.fulfilled) { fetched, state in
            state.posts.status = .succeeded
            state.posts.posts = fetched.value
        }
        // Not idle any more: the condition skips the run, and nothing is dispatched.
        let skipped = test.dispatch(fetchPosts())
        await #expect(throws: AsyncThunkConditionError.self) { try await skipped.value }

        let saved = test.dispatch(addNewPost(NewPost(title: "Second", content: "More")))
        await test.receive(addNewPost.pending)
        await test.receive(addNewPost.fulfilled) { added, state in state.posts.posts.append(added.value) }
        #expect(try await saved.value.id == "2")
        await test.receive(ToastShown.self) { $0.toast = "New post added!" }
        await clock.advance(by: .seconds(5))
        await test.receive(ToastHidden.self) { $0.toast = nil }
        await test.finish()
    }

    @Test func aFailedFetchSaysWhy() async {
        var dependencies = EffectDependencies.test()
        dependencies.postsClient = PostsClient(
            fetchAll: { throw NoServerInThisSample() }, add: { _ in throw NoServerInThisSample() })
        let test = TestStore(
            initialState: EssentialsApp(), reducer: essentialsReducer,
            middleware: [thunkMiddleware(dependencies: dependencies), essentialsListeners(dependencies).middleware()])
        test.dispatch(fetchPosts())
        await test.receive(fetchPosts.pending) { $0.posts.status = .pending }
        await test.receive(fetchPosts.rejected) {
            $0.posts.status = .failed
            $0.posts.error = "NoServerInThisSample()"
        }
        await test.finish()
    }

    @Test @MainActor func theFormClearsOnlyWhenThePostWasSaved() async {
        var dependencies = EffectDependencies()
        dependencies.postsClient = PostsClient(fetchAll: { [] }, add: { _ in throw NoServerInThisSample() })
        let store = makeEssentialsStore(dependencies: dependencies)
        #expect(await savePost(NewPost(title: "Lost", content: "No server"), in: store) == false)
        #expect(store.state.posts.posts.isEmpty)
    }
}
// END RECIPE rtk-posts-tests
