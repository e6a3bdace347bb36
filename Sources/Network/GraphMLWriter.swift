/// GraphML (http://graphml.graphdrawing.org), the one format Gephi, networkx and igraph all read:
/// typed keys (counts as `long`), the label as a node attribute, the weight as an edge attribute.
enum GraphMLWriter {
    static func write(_ graph: Graph, to path: String) throws {
        var file = try GraphFileWriter(path: path)
        do {
            file.append(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <graphml xmlns="http://graphml.graphdrawing.org/xmlns" \
                xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
                xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">
                  <key id="label" for="node" attr.name="label" attr.type="string"/>

                """)
            for (index, attribute) in graph.nodeAttributes.enumerated() {
                file.append("  <key id=\"n\(index)\" for=\"node\" attr.name=\"")
                XMLText.append(attribute.name, to: &file.buffer)
                file.append("\" attr.type=\"\(attribute.type.rawValue)\"/>\n")
            }
            file.append("  <key id=\"weight\" for=\"edge\" attr.name=\"weight\" attr.type=\"long\"/>\n")
            if graph.edgeRelations != nil {
                file.append("  <key id=\"relation\" for=\"edge\" attr.name=\"relation\" attr.type=\"string\"/>\n")
            }
            file.append(
                "  <graph id=\"\(graph.name)\" edgedefault=\"\(graph.directed ? "directed" : "undirected")\">\n")
            for node in 0..<graph.nodeCount {
                file.append("    <node id=\"")
                XMLText.append(graph.nodeIds[node], to: &file.buffer)
                file.append("\"><data key=\"label\">")
                XMLText.append(graph.nodeLabels[node], to: &file.buffer)
                file.append("</data>")
                for (index, column) in graph.nodeColumns.enumerated() {
                    guard let value = column.text(at: node) else { continue }
                    file.append("<data key=\"n\(index)\">")
                    XMLText.append(value, to: &file.buffer)
                    file.append("</data>")
                }
                file.append("</node>\n")
                try file.flushIfFull()
            }
            for edge in 0..<graph.edgeCount {
                file.append("    <edge source=\"")
                XMLText.append(graph.nodeIds[Int(graph.edgeSources[edge])], to: &file.buffer)
                file.append("\" target=\"")
                XMLText.append(graph.nodeIds[Int(graph.edgeTargets[edge])], to: &file.buffer)
                file.append("\"><data key=\"weight\">\(graph.edgeWeights[edge])</data>")
                if let relations = graph.edgeRelations {
                    file.append("<data key=\"relation\">")
                    XMLText.append(relations[edge], to: &file.buffer)
                    file.append("</data>")
                }
                file.append("</edge>\n")
                try file.flushIfFull()
            }
            file.append("  </graph>\n</graphml>\n")
            try file.finish()
        } catch {
            file.abandon()
            throw error
        }
    }
}
