import YouTubeKit

/// `ytcrawl url METHOD name=value…`: builds one API request with the library's builders and
/// validation, and prints its URL (never with a key) and what it costs in each quota model.
struct URLCommand: Command {
    static let configuration = CommandConfiguration(
        name: "url", synopsis: "url METHOD name=value ...",
        summary: "build one API request; print its URL and quota cost in both models",
        usage: "url METHOD [name=value ...] [--api-base URL]",
        discussion: """
            Build one YouTube Data API request and print its URL and its quota cost in both models.
            The key is never part of the URL: the crawler sends it in the X-Goog-Api-Key header.

            METHOD is one of: search, videos, channels, playlistItems, playlists.
            Parameters use the API's spelling; search takes every search.list filter.
            """,
        groups: [OptionGroup("Options", [APIOptions.apiBase.spec])],
        epilogue: """
            Examples:
              ytcrawl url search q=programming type=video regionCode=US order=date maxResults=50
              ytcrawl url channels forHandle=@GoogleDevelopers
              ytcrawl url videos id=dQw4w9WgXcQ,9bZkp7q19f0
            """, arguments: .words(APIMethod.allCases.map(\.pathName)))

    var base: String
    var request: APIRequest

    init(_ scanner: ArgumentScanner) throws {
        base = try scanner[APIOptions.apiBase]
        let positional = scanner.positional
        guard let methodName = positional.first else {
            throw UsageError(
                "ytcrawl url needs a METHOD (search, videos, channels, playlistItems, playlists); see ytcrawl url --help"
            )
        }
        guard let method = APIMethod(pathName: methodName) else {
            let names = APIMethod.allCases.map(\.pathName)
            let hint = Spelling.nearest(to: methodName, in: names).map { " (did you mean \($0)?)" } ?? ""
            throw UsageError("unknown METHOD \"\(methodName)\"\(hint): use one of \(names.joined(separator: ", "))")
        }
        var pairs: [(name: String, value: String)] = []
        for (position, argument) in positional.dropFirst().enumerated() {
            guard let equals = argument.firstIndex(of: "=") else {
                throw UsageError("argument \(position + 2) \"\(argument)\" is not name=value, as q=programming")
            }
            pairs.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
        }
        do {
            request = try APIRequestBuilder.build(method, pairs)
        } catch let error as YouTubeError {
            throw UsageError(error.description)
        }
    }

    func run() async throws -> Int32 {
        let costs = QuotaModel.allCases.map { "\($0.rawValue): \(request.charge(under: $0))" }
        print(request.urlString(base: base) + "\n" + "cost — " + costs.joined(separator: ", "))
        return 0
    }
}
