import StreamingJSON
import YouTubeKit

extension EmulatorService {
    /// What the emulator answers to `request` on its current day, page by page (following its
    /// page tokens, at most `pages`): the ids of each page's items, in order — what a crawl's
    /// `results` lines of that request hold. Asked under a key of its own (the first accepted
    /// key, else any), so a crawl's quota is not touched; an injected fault is asked again.
    ///
    /// - Throws: ``EmulatorError`` when a page is refused (a bad request, the key's quota spent).
    public func answers(to request: APIRequest, pages: Int) throws -> [[String]] {
        let key = configuration.keys.first ?? "ytcrawl-truth"
        var answered: [[String]] = []
        var token: String?
        for _ in 0..<pages {
            let paged = request.setting("pageToken", to: token)
            var page: JSONValue?
            for _ in 0..<50 {
                let reply = respond(
                    target: paged.method.path + "?" + paged.queryString, headers: [(name: "X-Goog-Api-Key", value: key)]
                )
                guard reply.delivery == .normal, let body = try? JSONValue.parse(reply.body) else { continue }
                if reply.status == 200 {
                    page = body
                    break
                }
                if reply.status < 500 && reply.status != 429 {
                    throw EmulatorError("\(paged.method.quotaName) answered \(reply.status) to the truth's request")
                }
            }
            guard let page, case .array(let items)? = page["items"] else { break }
            answered.append(
                items.compactMap { item in
                    if case .string(let id)? = item["id"] { return id }
                    for name in ["videoId", "channelId", "playlistId"] {
                        if case .string(let id)? = item["id"]?[name] { return id }
                    }
                    return nil
                })
            guard case .string(let next)? = page["nextPageToken"] else { break }
            token = next
        }
        return answered
    }
}
