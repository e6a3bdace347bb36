import Foundation

/// The CSV pair Gephi's spreadsheet import reads: `nodes.csv` (Id, Label, the attributes) and
/// `edges.csv` (Source, Target, Type, Weight, and Relation for channel links), in a directory.
enum GraphCSVWriter {
    static func write(_ graph: Graph, toDirectory directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw GraphError("cannot create the directory \(directory): \(error.localizedDescription)")
        }
        var nodes = try GraphFileWriter(path: directory + "/nodes.csv")
        do {
            var header = CSVRow()
            for name in ["Id", "Label"] + graph.nodeAttributes.map(\.name) { header.append(name) }
            nodes.buffer.append(contentsOf: header.line)
            for node in 0..<graph.nodeCount {
                var row = CSVRow()
                row.append(graph.nodeIds[node])
                row.append(graph.nodeLabels[node])
                for column in graph.nodeColumns { row.append(column.text(at: node) ?? "") }
                nodes.buffer.append(contentsOf: row.line)
                try nodes.flushIfFull()
            }
            try nodes.finish()
        } catch {
            nodes.abandon()
            throw error
        }
        var edges = try GraphFileWriter(path: directory + "/edges.csv")
        do {
            var header = CSVRow()
            for name in ["Source", "Target", "Type", "Weight"] + (graph.edgeRelations == nil ? [] : ["Relation"]) {
                header.append(name)
            }
            edges.buffer.append(contentsOf: header.line)
            let type = graph.directed ? "Directed" : "Undirected"
            for edge in 0..<graph.edgeCount {
                var row = CSVRow()
                row.append(graph.nodeIds[Int(graph.edgeSources[edge])])
                row.append(graph.nodeIds[Int(graph.edgeTargets[edge])])
                row.append(type)
                row.append(String(graph.edgeWeights[edge]))
                if let relations = graph.edgeRelations { row.append(relations[edge]) }
                edges.buffer.append(contentsOf: row.line)
                try edges.flushIfFull()
            }
            try edges.finish()
        } catch {
            edges.abandon()
            throw error
        }
    }
}
