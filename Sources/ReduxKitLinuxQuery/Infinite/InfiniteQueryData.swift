/// An infinite query's data: its pages, in order, and the page parameter
/// each was fetched with (RTK Query's `InfiniteData`).
public struct InfiniteQueryData<Page: Equatable & Sendable, PageParam: Equatable & Sendable>: Equatable, Sendable {
    /// The pages, first to last.
    public var pages: [Page]
    /// The parameter each page was fetched with: `pageParams[i]` fetched `pages[i]`.
    public var pageParams: [PageParam]

    /// Pages and their parameters (as many of one as of the other).
    ///
    /// - Parameters:
    ///   - pages: The pages, first to last.
    ///   - pageParams: The parameter each was fetched with.
    public init(pages: [Page] = [], pageParams: [PageParam] = []) {
        self.pages = pages
        self.pageParams = pageParams
    }

    /// Adds `page`, fetched with `param`, after the last page, dropping the
    /// first pages beyond `maxPages`.
    mutating func append(_ page: Page, fetchedWith param: PageParam, maxPages: Int?) {
        pages.append(page)
        pageParams.append(param)
        if let maxPages, pages.count > maxPages {
            pages.removeFirst(pages.count - maxPages)
            pageParams.removeFirst(pageParams.count - maxPages)
        }
    }

    /// Adds `page`, fetched with `param`, before the first page, dropping the
    /// last pages beyond `maxPages`.
    mutating func prepend(_ page: Page, fetchedWith param: PageParam, maxPages: Int?) {
        pages.insert(page, at: 0)
        pageParams.insert(param, at: 0)
        if let maxPages, pages.count > maxPages {
            pages.removeLast(pages.count - maxPages)
            pageParams.removeLast(pageParams.count - maxPages)
        }
    }
}

extension InfiniteQueryData: Codable where Page: Codable, PageParam: Codable {}
