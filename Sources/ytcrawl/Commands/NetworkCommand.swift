import Archive
import Foundation
import Network
import StreamingJSON

/// `ytcrawl network DIR --graph KIND --format F --out PATH`: a graph of the output for Gephi,
/// networkx and igraph.
struct NetworkCommand: Command {
    static let graph = Option<GraphKind>(
        "--graph", "KIND",
        help:
            "channels (links), replies (authors), commenters (videos), cotags (tags), domains (links out), hashtags or chat (live chat authors and streams)",
        default: .replies)
    static let format = Option<GraphFormat>(
        "--format", "F", help: "graphml (Gephi, networkx, igraph), gexf (1.3) or csv (nodes.csv + edges.csv)",
        default: .graphml)
    static let out = Option<String?>("--out", "PATH", help: "the file to write (a directory for csv)")
    static let minWeight = Option<Int>(
        "--min-weight", "N", help: "leave out edges lighter than N (and the nodes it leaves alone, but for replies)",
        default: 1, range: 1...Int(Int32.max))
    static let byChannel = Flag(
        "--by-channel", help: "domains: a channel's videos link for the channel (one node a channel, not a video)")

    static let configuration = CommandConfiguration(
        name: "network", synopsis: "network DIR --graph KIND --out PATH",
        summary:
            "a graph of DIR (channel, reply, co-commenter, co-tag, domain, hashtag networks) as GraphML, GEXF or CSV",
        usage:
            "network DIR --graph channels|replies|commenters|cotags|domains|hashtags|chat [--format graphml|gexf|csv] --out PATH [--min-weight N] [--by-channel]",
        discussion: """
            Build a network from the records of the output directory DIR and write it for Gephi,
            networkx or igraph. Ids are the records' stable ids (channel ids or pseudonyms, video
            ids, tags in lower case); labels are attributes.

              channels     channels; a directed edge from a channel to one it features on a shelf
                           or subscribes to (the links of links= seeds), relation featured,
                           subscription or both (weight 2). Node attributes: title,
                           subscriberCount, videoCount, viewCount, country, depth, isSeed.

              replies      comment authors; a directed edge from a reply's author to the author it
                           answers (the one its leading @name names, when that author wrote in the
                           same thread; else the thread's author), weighted by replies. Node
                           attributes: comments, likes, isChannelOwner. A pseudonymized output's
                           graph holds pseudonyms only, never a name.
              commenters   videos; an undirected edge joins two videos weighted by the authors who
                           commented on both (a video's own channel does not count).
              cotags       tags; an undirected edge joins two tags weighted by the videos that
                           carry both. Node attribute: videos.
              domains      videos, channels and web domains; a directed edge from a video (or a
                           channel, for its description) to each domain it links to (its urls,
                           without a leading www.), weighted by its distinct URLs there; with
                           --by-channel a channel's videos count for the channel. Node attributes:
                           type (video, channel, domain), linkedBy (domains: how many link to it).
              hashtags     hashtags (lower case); an undirected edge joins two weighted by the
                           videos and comments that carry both. Node attribute: records.
              chat         live chat authors and streams; a directed edge from an author to each
                           stream they wrote in, weighted by their messages. Node attributes:
                           type (author, stream), messages. A pseudonymized output's graph holds
                           pseudonyms only, never a name.

            GraphML has typed keys (counts as long) and reads in Gephi, networkx and igraph; GEXF 1.3
            in Gephi and networkx; csv writes nodes.csv (Id, Label, attributes) and edges.csv
            (Source, Target, Type, Weight) into the directory PATH, as Gephi's spreadsheet import
            wants them. Characters XML does not allow never reach a file. The file is written under
            a temporary name and renamed when complete.
            """,
        groups: [OptionGroup("Options", [graph.spec, format.spec, out.spec, minWeight.spec, byChannel.spec])],
        epilogue: """
            Examples:
              ytcrawl network ytcrawl-out --graph replies --out replies.graphml
              ytcrawl network ytcrawl-out --graph cotags --min-weight 3 --format gexf --out tags.gexf
              ytcrawl network ytcrawl-out --graph domains --by-channel --out domains.graphml
              python3 -c "import networkx as nx; g = nx.read_graphml('replies.graphml'); print(g)"
            """)

    var directory: String
    var kind: GraphKind
    var format: GraphFormat
    var path: String
    var minimumWeight: Int
    var byChannel: Bool

    init(_ scanner: ArgumentScanner) throws {
        directory = try scanner.outputDirectory()
        kind = try scanner[Self.graph]
        format = try scanner[Self.format]
        guard let path = try scanner[Self.out] else {
            throw UsageError(
                "--out PATH is required, as ytcrawl network \(directory) --graph \(kind.rawValue) --out \(kind.rawValue).\(format == .csv ? "csv.d" : format.rawValue)"
            )
        }
        self.path = path
        minimumWeight = try scanner[Self.minWeight]
        byChannel = scanner[Self.byChannel]
        if byChannel, kind != .domains {
            throw UsageError("--by-channel goes with --graph domains (a channel's videos link for the channel)")
        }
    }

    func run() async throws -> Int32 {
        let needed: RecordKind =
            switch kind {
            case .cotags, .domains, .hashtags: .videos
            case .channels: .links
            case .replies, .commenters: .comments
            case .chat: .chat
            }
        guard !ArchiveReader.shardNames(directory: directory, kind: needed).isEmpty else {
            let how =
                switch needed {
                case .comments: "crawl with comments=yes seeds or --comments"
                case .links: "crawl channel seeds with links=featured, links=subscriptions or links=all"
                case .chat: "capture live chats with live seeds or live=yes"
                default: "crawl videos"
                }
            throw UsageError(
                "\(directory) holds no \(needed.rawValue) records: the \(kind.rawValue) graph is built from them (\(how))"
            )
        }
        if kind == .domains || kind == .hashtags, let manifest = try? Manifest.load(directory: directory),
            RecordKind.videos.schemaVersion(in: manifest) < 3
        {
            throw UsageError(
                "\(directory) was written before links and hashtags were derived (videos of schema version \(RecordKind.videos.schemaVersion(in: manifest))): run ytcrawl upgrade \(directory) (no request), then this again"
            )
        }
        let started = ContinuousClock.now
        let graph = try NetworkExport.build(
            kind, directory: directory, minimumWeight: Int64(minimumWeight), byChannel: byChannel)
        try NetworkExport.write(graph, format: format, to: path, creator: "\(ToolInfo.name) \(ToolInfo.version)")
        let seconds = (ContinuousClock.now - started).components
        let elapsed = Double(seconds.seconds) + Double(seconds.attoseconds) / 1e18
        print(
            "\(kind.rawValue) graph: \(graph.nodeCount) nodes, \(graph.edgeCount) edges (\(graph.directed ? "directed" : "undirected")) → \(path) [\(format.rawValue), \(String(format: "%.1f", elapsed)) s]"
        )
        return 0
    }
}
