import YouTubeKit

/// Reads seeds files: `kind value [name=value …]` per line, `#` comments, double-quoted values,
/// and pasted YouTube URLs. See DESIGN.md "Seeds file".
public enum SeedsParser {
    static let kinds = ["search", "channel", "playlist", "video", "comments", "chart", "ids", "live"]

    /// Parses a whole file; the first bad line is an error and nothing is returned.
    ///
    /// - Throws: ``SeedError`` naming `file`, the line, the column and what was expected.
    public static func parse(_ text: String, file: String) throws -> [Seed] {
        var seeds: [Seed] = []
        // A file saved on Windows: a byte-order mark first, `\r\n` line ends (one Character in
        // Swift, so not split by "\n"), or old Mac `\r`.
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        // At most a seed a line: kept for the whole run, the array is not left a quarter empty
        // by its growth (800 KB for a file of 25,000 channels).
        seeds.reserveCapacity(lines.count)
        for (offset, line) in lines.enumerated() {
            try checkCharacters(line, number: offset + 1, file: file)
            if let seed = try parseLine(line, number: offset + 1, file: file) { seeds.append(seed) }
        }
        if seeds.isEmpty {
            throw SeedError(
                file: file, line: 1, column: 1,
                message: "no seeds found; expected lines such as `search programming` or `channel @GoogleDevelopers`")
        }
        return seeds
    }

    /// Parses a seeds file's bytes: UTF-8, as DESIGN.md asks; other bytes are an error naming the
    /// line and column (a file saved as Latin-1 would otherwise search for `caf\u{FFFD}`). Two
    /// lines naming one channel or playlist with different options are an error too. (A run's
    /// seeds read back from its checkpoint are parsed as text, and were checked when written.)
    public static func parse(bytes: [UInt8], file: String) throws -> [Seed] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            // The first line that is not UTF-8, and the column (in characters) where it stops being.
            var line = 1
            var column = 1
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            scan: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    if scalar == "\n" {
                        line += 1
                        column = 1
                    } else {
                        column += 1
                    }
                case .emptyInput, .error: break scan
                }
            }
            throw SeedError(
                file: file, line: line, column: column,
                message:
                    "bytes that are not UTF-8; save the seeds file as UTF-8 (in most editors: Save As, encoding UTF-8)")
        }
        let seeds = try parse(text, file: file)
        try checkDuplicates(seeds, file: file)
        return seeds
    }

    /// The longest line read: a seed is a kind, a value and a few filters; a longer line (a
    /// paste gone wrong) would be sent as a request the API refuses, retried, at every rerun.
    static let maximumLineBytes = 2000

    private static func checkCharacters(_ line: Substring, number: Int, file: String) throws {
        if line.utf8.count > maximumLineBytes {
            throw SeedError(
                file: file, line: number, column: maximumLineBytes + 1,
                message: "a line of \(line.utf8.count) bytes; a seed line is at most \(maximumLineBytes) bytes")
        }
        for (offset, scalar) in line.unicodeScalars.enumerated()
        where scalar.properties.generalCategory == .control && scalar != "\t" {
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw SeedError(
                file: file, line: number, column: offset + 1,
                message:
                    "a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)); remove it"
            )
        }
    }

    /// Two lines that name the same channel or playlist with different options: the crawl walks
    /// it once, for the first, so the second's options (`comments=yes`, `formats=yes`, …) would
    /// be lost without a word.
    private static func checkDuplicates(_ seeds: [Seed], file: String) throws {
        var first: [String: Seed] = [:]
        for seed in seeds {
            let key: String
            switch seed.target {
            case .channel(.id(let id)): key = "channel " + id
            case .channel(.handle(let handle)): key = "channel " + handle.lowercased()
            case .playlist(let id): key = "playlist " + id
            default: continue
            }
            guard let earlier = first[key] else {
                first[key] = seed
                continue
            }
            var options = seed
            options.text = earlier.text
            options.lineNumber = earlier.lineNumber
            options.target = earlier.target
            if options != earlier {
                throw SeedError(
                    file: file, line: seed.lineNumber, column: 1,
                    message:
                        "the same \(key) as line \(earlier.lineNumber), with other options; it is walked once, so put every option on one line"
                )
            }
        }
    }

    struct Token {
        var text: String
        var column: Int
        var quoted: Bool
        /// `name="a value"`: a filter whose value was quoted (the quotes group, the name stays).
        var valueQuoted = false

        /// The token as it was written, quotes included.
        var written: String {
            if quoted { return "\"\(text)\"" }
            if valueQuoted, let equals = text.firstIndex(of: "=") {
                return text[...equals] + "\"" + text[text.index(after: equals)...] + "\""
            }
            return text
        }
    }

    /// Splits a line into tokens (quotes group, `#` outside quotes ends the line).
    static func tokenize(_ line: Substring, number: Int, file: String) throws -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var start = 0
        var inQuotes = false
        var wasQuoted = false
        var valueQuoted = false
        var column = 0
        var quoteColumn = 0
        var escaped = false
        func finish() {
            if !current.isEmpty || wasQuoted {
                tokens.append(Token(text: current, column: start, quoted: wasQuoted, valueQuoted: valueQuoted))
            }
            current = ""
            wasQuoted = false
            valueQuoted = false
        }
        for character in line {
            column += 1
            if inQuotes {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inQuotes = false
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "#":
                finish()
                return tokens
            case " ", "\t":
                finish()
            case "\"":
                if current.isEmpty { start = column }
                inQuotes = true
                if current.hasSuffix("="), !wasQuoted {
                    valueQuoted = true
                } else {
                    wasQuoted = true
                }
                quoteColumn = column
            default:
                if current.isEmpty && !wasQuoted { start = column }
                current.append(character)
            }
        }
        if inQuotes {
            throw SeedError(
                file: file, line: number, column: quoteColumn,
                message: "unclosed quote; expected a closing \" before the end of the line")
        }
        finish()
        return tokens
    }

    static func parseLine(_ line: Substring, number: Int, file: String) throws -> Seed? {
        let tokens = try tokenize(line, number: number, file: file)
        guard let first = tokens.first else { return nil }
        let text = tokens.map(\.written).joined(separator: " ")
        func fail(_ token: Token, _ message: String) -> SeedError {
            SeedError(file: file, line: number, column: token.column, message: message)
        }
        // A pasted URL on its own line.
        if !first.quoted, YouTubeURL.isURL(first.text) {
            guard let target = YouTubeURL.target(first.text) else {
                throw fail(
                    first,
                    "found the URL \(first.text); expected a watch?v=, youtu.be/, /channel/UC…, /@handle or playlist?list= URL"
                )
            }
            return Seed(target: target, text: text, lineNumber: number, maxPages: nil, walkChannels: false)
        }
        guard kinds.contains(first.text) else {
            let hint = Spelling.nearest(to: first.text, in: kinds).map { " (did you mean \($0)?)" } ?? ""
            throw fail(
                first,
                "found \"\(first.text)\"; expected a seed kind: search, channel, playlist, video, comments, chart, ids or live\(hint)"
            )
        }
        var words: [Token] = []
        var filters: [(Token, String, String)] = []
        for token in tokens.dropFirst() {
            // A pasted URL's `?v=` is part of it, not a filter.
            let isURL = YouTubeURL.isURL(token.text)
            if !token.quoted, !isURL, let equals = token.text.firstIndex(of: "=") {
                let name = String(token.text[..<equals])
                var value = String(token.text[token.text.index(after: equals)...])
                if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 {
                    value = String(value.dropFirst().dropLast())
                }
                filters.append((token, name, value))
            } else {
                words.append(token)
            }
        }
        var options = SeedOptions()
        options.comments = first.text == "comments"
        var searchParameters: [(name: String, value: String)] = []
        for (token, name, value) in filters {
            if let filter = SeedFilter.named(name) {
                if filter.kinds.contains(first.text) {
                    if let expected = filter.apply(value, &options) {
                        throw fail(token, "found \(name)=\(value); \(expected)")
                    }
                    continue
                }
                if let elsewhere = filter.elsewhere { throw fail(token, "found \(name)=\(value); \(elsewhere)") }
            }
            guard first.text == "search" else {
                throw fail(
                    token,
                    "found the filter \(name)=\(value); a \(first.text) seed takes only \(SeedFilter.forms(of: first.text))"
                )
            }
            searchParameters.append((name, value))
        }
        if let depth = options.linkDepth, options.links.isEmpty {
            let token = filters.last { $0.1 == "depth" }?.0 ?? first
            throw fail(
                token, "found depth=\(depth) without links=; add links=featured, links=subscriptions or links=all")
        }
        if !options.links.isEmpty, first.text == "search", !options.walkChannels {
            let token = filters.first { $0.1 == "links" }?.0 ?? first
            throw fail(
                token,
                "found links= on a search without walk=channels; add walk=channels to follow the links of the channels it finds"
            )
        }
        let target: Seed.Target
        switch first.text {
        case "search":
            guard !words.isEmpty || !searchParameters.isEmpty else {
                throw SeedError(
                    file: file, line: number, column: first.column + first.text.count,
                    message: "expected a query after search, as `search programming` or `search \"two words\"`")
            }
            var parameters = searchParameters
            if !words.isEmpty { parameters.insert(("q", words.map(\.text).joined(separator: " ")), at: 0) }
            do {
                target = .search(try SearchQuery(parameters: parameters))
            } catch let error as YouTubeError {
                let token = filters.first { $0.1 == error.parameter }?.0 ?? words.first ?? first
                throw fail(token, error.description)
            }
        case "ids":
            guard words.count == 1, let path = words.first else {
                throw fail(
                    words.dropFirst().first ?? first,
                    "expected one file after ids, as `ids ids.txt kind=videos` (quote a path with spaces)")
            }
            target = .ids(Seed.IdsSeed(path: path.text, kind: options.idsKind ?? .video))
        case "chart":
            guard words.count == 1, let region = words.first else {
                throw fail(
                    words.dropFirst().first ?? first,
                    "expected one region after chart, as `chart US` or `chart GB videoCategoryId=10`")
            }
            let code = region.text.uppercased()
            do {
                _ = try APIRequest.chart(regionCode: code, videoCategoryId: options.videoCategoryId)
            } catch let error as YouTubeError {
                let token = error.parameter == "videoCategoryId" ? filters.first { $0.1 == "videoCategoryId" }?.0 : nil
                throw fail(token ?? region, error.description)
            }
            target = .chart(Seed.ChartSeed(regionCode: code, videoCategoryId: options.videoCategoryId))
        default:
            guard words.count == 1, let value = words.first else {
                let token = words.dropFirst().first ?? first
                let what = ["comments", "live"].contains(first.text) ? "video" : first.text
                throw fail(token, "expected one \(what) id or URL after \(first.text)")
            }
            let reference =
                try reference(kind: ["comments", "live"].contains(first.text) ? "video" : first.text, value.text)
                ?? { throw fail(value, expectation(first.text, found: value.text)) }()
            if first.text == "comments", case .video(let id) = reference {
                target = .comments(
                    Seed.CommentsSeed(videoId: id, order: options.commentOrder, searchTerms: options.searchTerms))
            } else if first.text == "live", case .video(let id) = reference {
                target = .live(id)
            } else {
                target = reference
            }
        }
        var seed = Seed(
            target: target, text: text, lineNumber: number, maxPages: options.maxPages,
            walkChannels: options.walkChannels)
        seed.comments = options.comments
        seed.splitTime = options.splitTime
        seed.repeats = options.repeats
        seed.walkPages = options.walkPages
        seed.completeBySearch = options.completeBySearch
        seed.formats = options.formats
        seed.playlists = options.playlists
        seed.live = options.live
        seed.links = options.links
        seed.linkDepth = options.linkDepth ?? 1
        return seed
    }

    static func expectation(_ kind: String, found: String) -> String {
        switch kind {
        case "channel": return "found \"\(found)\"; expected a channel id (UC…), a @handle or a channel URL"
        case "playlist": return "found \"\(found)\"; expected a playlist id (PL…, UU…) or a playlist URL"
        default: return "found \"\(found)\"; expected an 11-character video id or a watch URL"
        }
    }

    static func reference(kind: String, _ value: String) -> Seed.Target? {
        if YouTubeURL.isURL(value) {
            // A video watched within a playlist names both: a playlist seed takes the playlist.
            if kind == "playlist", let list = YouTubeURL.playlist(value) { return .playlist(list) }
            guard let target = YouTubeURL.target(value) else { return nil }
            switch (kind, target) {
            case ("channel", .channel), ("playlist", .playlist), ("video", .video): return target
            default: return nil
            }
        }
        switch kind {
        case "channel":
            if value.hasPrefix("@"), value.count > 1 { return .channel(.handle(value)) }
            if value.hasPrefix("UC"), value.count == 24, SearchQuery.isIdentifier(value) { return .channel(.id(value)) }
            return nil
        case "playlist":
            return value.count >= 12 && SearchQuery.isIdentifier(value) ? .playlist(value) : nil
        default:
            return value.count == 11 && SearchQuery.isIdentifier(value) ? .video(value) : nil
        }
    }
}

extension SeedsParser {
    /// The video id of an 11-character id or a pasted watch, youtu.be, shorts, embed or live URL;
    /// `nil` for anything else.
    public static func videoId(_ text: String) -> String? {
        guard case .video(let id)? = reference(kind: "video", text) else { return nil }
        return id
    }
}
