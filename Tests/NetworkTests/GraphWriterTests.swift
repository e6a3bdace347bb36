import Foundation
import Testing

@testable import Network

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The graph files: characters XML does not allow never reach them, markup is escaped, and what a
/// `--min-weight` leaves alone goes.
@Suite("Graph writers")
struct GraphWriterTests {
    static let awkward = "a\u{1}<b>&\"'\u{7}\u{FFFE}\u{FFFF}\tline\nbreak 😀 é"

    static func graph() -> Graph {
        var graph = Graph(name: "replies", directed: true)
        graph.nodeIds = ["UCone", "UC<two>"]
        graph.nodeLabels = [awkward, "two"]
        graph.nodeAttributes = [Graph.Attribute("comments", .long), Graph.Attribute("note", .string)]
        graph.nodeColumns = [.longs([5_000_000_000, nil]), .strings([awkward, nil])]
        graph.addEdges([Graph.edgeKey(0, 1): 3, Graph.edgeKey(1, 0): 1], minimumWeight: 1)
        return graph
    }

    @Test func xmlTextLeavesOutWhatXMLForbidsAndEscapesMarkup() {
        #expect(XMLText.escaped(Self.awkward) == "a&lt;b&gt;&amp;&quot;&apos;&#9;line&#10;break 😀 é")
    }

    @Test(arguments: [GraphFormat.graphml, .gexf])
    func filesParseAsXMLAndKeepTheText(format: GraphFormat) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID()).xml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try NetworkExport.write(Self.graph(), format: format, to: path, creator: "test")
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(!data.contains { $0 < 0x20 && $0 != 0x0A }, "only line ends among control bytes")
        let parser = XMLParser(data: data)
        let collector = TextCollector()
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let clean = "a<b>&\"'\tline\nbreak 😀 é"
        #expect(collector.texts.contains(clean), "the label reads back without the forbidden characters")
        #expect(collector.texts.contains("5000000000"), "64-bit counts")
        #expect(collector.texts.contains("UC<two>"))
    }

    @Test func csvHasGephisColumns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try NetworkExport.write(Self.graph(), format: .csv, to: directory, creator: "test")
        let nodes = try String(contentsOfFile: directory + "/nodes.csv", encoding: .utf8)
        let edges = try String(contentsOfFile: directory + "/edges.csv", encoding: .utf8)
        #expect(nodes.hasPrefix("Id,Label,comments,note\r\n"))
        #expect(edges == "Source,Target,Type,Weight\r\nUCone,UC<two>,Directed,3\r\nUC<two>,UCone,Directed,1\r\n")
    }

    @Test func aMinimumWeightDropsLightEdgesAndTheNodesLeftAlone() {
        var graph = Graph(name: "cotags", directed: false)
        graph.nodeIds = ["a", "b", "c", "d"]
        graph.nodeLabels = graph.nodeIds
        graph.nodeColumns = [.longs([1, 2, 3, 4])]
        graph.addEdges([Graph.edgeKey(0, 1): 1, Graph.edgeKey(2, 3): 2, Graph.edgeKey(1, 3): 5], minimumWeight: 2)
        graph.dropIsolatedNodes()
        #expect(graph.nodeIds == ["b", "c", "d"])
        let edges = (0..<graph.edgeCount).map {
            "\(graph.nodeIds[Int(graph.edgeSources[$0])])-\(graph.nodeIds[Int(graph.edgeTargets[$0])]):\(graph.edgeWeights[$0])"
        }
        #expect(Set(edges) == ["b-d:5", "c-d:2"])
        if case .longs(let values) = graph.nodeColumns[0] { #expect(values == [2, 3, 4]) }
    }

    @Test(
        arguments: [
            ("@ann_lee: thanks", "ann_lee"), ("  @Bob!", "Bob"), ("@hmac-sha256:ab12 yes", "hmac-sha256:ab12"),
            ("no mention", nil), ("@ alone", nil), ("\u{FEFF}@zoë, hi", "zoë"),
        ] as [(String, String?)])
    func aReplyNamesTheAuthorItsLeadingMentionNames(text: String, name: String?) {
        #expect(ReplyGraph.leadingMention(text) == name)
    }
}

/// Collects the character data and attribute values of an XML document.
final class TextCollector: NSObject, XMLParserDelegate, @unchecked Sendable {
    var texts: [String] = []
    private var current = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        texts.append(contentsOf: attributes.values)
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if !current.isEmpty { texts.append(current) }
        current = ""
    }
}
