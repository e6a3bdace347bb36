/// GEXF 1.3 (https://gexf.net), Gephi's own format: node attributes declared with their types,
/// the weight as the edge's own attribute.
enum GEXFWriter {
    static func write(_ graph: Graph, to path: String, creator: String) throws {
        var file = try GraphFileWriter(path: path)
        do {
            file.append(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <gexf xmlns="http://gexf.net/1.3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
                xsi:schemaLocation="http://gexf.net/1.3 http://gexf.net/1.3/gexf.xsd" version="1.3">
                  <meta><creator>
                """)
            XMLText.append(creator, to: &file.buffer)
            file.append("</creator><description>")
            XMLText.append(graph.name, to: &file.buffer)
            file.append("</description></meta>\n")
            file.append("  <graph mode=\"static\" defaultedgetype=\"\(graph.directed ? "directed" : "undirected")\">\n")
            file.append("    <attributes class=\"node\">\n")
            for (index, attribute) in graph.nodeAttributes.enumerated() {
                file.append("      <attribute id=\"\(index)\" title=\"")
                XMLText.append(attribute.name, to: &file.buffer)
                file.append("\" type=\"\(attribute.type.rawValue)\"/>\n")
            }
            file.append("    </attributes>\n")
            if graph.edgeRelations != nil {
                file.append(
                    "    <attributes class=\"edge\">\n      <attribute id=\"relation\" title=\"relation\" type=\"string\"/>\n    </attributes>\n"
                )
            }
            file.append("    <nodes>\n")
            for node in 0..<graph.nodeCount {
                file.append("      <node id=\"")
                XMLText.append(graph.nodeIds[node], to: &file.buffer)
                file.append("\" label=\"")
                XMLText.append(graph.nodeLabels[node], to: &file.buffer)
                file.append("\"><attvalues>")
                for (index, column) in graph.nodeColumns.enumerated() {
                    guard let value = column.text(at: node) else { continue }
                    file.append("<attvalue for=\"\(index)\" value=\"")
                    XMLText.append(value, to: &file.buffer)
                    file.append("\"/>")
                }
                file.append("</attvalues></node>\n")
                try file.flushIfFull()
            }
            file.append("    </nodes>\n    <edges>\n")
            for edge in 0..<graph.edgeCount {
                file.append("      <edge id=\"\(edge)\" source=\"")
                XMLText.append(graph.nodeIds[Int(graph.edgeSources[edge])], to: &file.buffer)
                file.append("\" target=\"")
                XMLText.append(graph.nodeIds[Int(graph.edgeTargets[edge])], to: &file.buffer)
                file.append("\" weight=\"\(graph.edgeWeights[edge])\"")
                if let relations = graph.edgeRelations {
                    file.append("><attvalues><attvalue for=\"relation\" value=\"")
                    XMLText.append(relations[edge], to: &file.buffer)
                    file.append("\"/></attvalues></edge>\n")
                } else {
                    file.append("/>\n")
                }
                try file.flushIfFull()
            }
            file.append("    </edges>\n  </graph>\n</gexf>\n")
            try file.finish()
        } catch {
            file.abandon()
            throw error
        }
    }
}
