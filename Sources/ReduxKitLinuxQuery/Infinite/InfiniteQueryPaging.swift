/// An infinite query's rules for its pages: where the first starts, how the
/// next and previous page parameters follow from the pages there are, and
/// how many pages are kept (RTK Query's `infiniteQueryOptions`).
struct InfiniteQueryPaging<Argument: Sendable, Page: Equatable & Sendable, PageParam: Equatable & Sendable>:
    Sendable
{
    typealias Data = InfiniteQueryData<Page, PageParam>

    let initialPageParam: PageParam
    let maxPages: Int?
    let next: @Sendable (Data, Argument) -> PageParam?
    let previous: (@Sendable (Data, Argument) -> PageParam?)?

    /// The pages `entry` has from the server (without patch layers), if any.
    func serverData(of entry: QueryEntry?) -> Data? { entry?.serverData?.value(as: Data.self) }

    /// The parameter of the page after `data`'s last, if there is one.
    func nextPageParam(_ data: Data?, _ argument: Argument) -> PageParam? {
        guard let data, !data.pages.isEmpty else { return nil }
        return next(data, argument)
    }

    /// The parameter of the page before `data`'s first, if there is one.
    func previousPageParam(_ data: Data?, _ argument: Argument) -> PageParam? {
        guard let data, !data.pages.isEmpty, let previous else { return nil }
        return previous(data, argument)
    }

    /// Whether a fetch of `direction` of an entry whose server data is
    /// `data` has anything to fetch: the first page when there is no data,
    /// else a next (or previous) page when there is one. A fetch that is no
    /// page's (a refetch) always has.
    func hasPage(_ direction: QueryPageDirection?, after data: Data?, _ argument: Argument) -> Bool {
        guard let direction, let data, !data.pages.isEmpty else { return true }
        switch direction {
        case .next: return nextPageParam(data, argument) != nil
        case .previous: return previousPageParam(data, argument) != nil
        }
    }

    /// The entry's new data: its first page when it has none; with `next`
    /// or `previous`, that page added to `data`; else every page it has
    /// fetched again, in order, from its first parameter (as RTK Query
    /// refetches), so the pages agree with each other.
    func load(
        _ direction: QueryPageDirection?, after data: Data?, _ argument: Argument,
        page: (PageParam) async throws -> Page
    ) async throws -> Data {
        guard let data, let first = data.pageParams.first else {
            return Data(pages: [try await page(initialPageParam)], pageParams: [initialPageParam])
        }
        var loaded = data
        switch direction {
        case .next:
            guard let param = nextPageParam(data, argument) else { return data }
            loaded.append(try await page(param), fetchedWith: param, maxPages: maxPages)
        case .previous:
            guard let param = previousPageParam(data, argument) else { return data }
            loaded.prepend(try await page(param), fetchedWith: param, maxPages: maxPages)
        case nil:
            loaded = Data(pages: [try await page(first)], pageParams: [first])
            while loaded.pages.count < data.pages.count, let param = nextPageParam(loaded, argument) {
                loaded.append(try await page(param), fetchedWith: param, maxPages: nil)
            }
        }
        return loaded
    }
}
