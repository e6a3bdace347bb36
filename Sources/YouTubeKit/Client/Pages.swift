/// The pages of a list, fetched one at a time as the loop asks for them:
///
///     for try await page in client.searchPages(query, maxPages: 3) { … }
public struct Pages<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Fetch = @Sendable (_ pageToken: String?) async throws -> ListPage<Element>

    let maxPages: Int
    let fetch: Fetch

    init(maxPages: Int, fetch: @escaping Fetch) {
        self.maxPages = maxPages
        self.fetch = fetch
    }

    public func makeAsyncIterator() -> Iterator { Iterator(pages: self) }

    public struct Iterator: AsyncIteratorProtocol {
        let pages: Pages
        var token: String?
        var fetched = 0
        var finished = false

        init(pages: Pages) { self.pages = pages }

        public mutating func next() async throws -> ListPage<Element>? {
            guard !finished, fetched < pages.maxPages else { return nil }
            let page = try await pages.fetch(token)
            fetched += 1
            token = page.nextPageToken
            if token == nil { finished = true }
            return page
        }
    }
}
