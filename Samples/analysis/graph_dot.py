"""Writes a GraphML file of `ytcrawl network` as Graphviz DOT, for a picture:

    python3 graph_dot.py commenters.graphml > commenters.dot
    neato -Tpng -Goverlap=false commenters.dot > commenters.png   # Debian: apt install graphviz

Node area grows with the `commenters` (or `comments`, `videos`) attribute, edge width with the
weight; labels are the node labels cut to 24 characters.
"""
import math
import sys

import networkx


def quoted(text):
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    graph = networkx.read_graphml(sys.argv[1])
    arrow = "->" if graph.is_directed() else "--"
    print(("digraph" if graph.is_directed() else "graph") + " G {")
    print('  graph [bgcolor="white", outputorder=edgesfirst, splines=true];')
    print('  node [shape=circle, style=filled, fillcolor="#c0392b", color="#7f1d1d", fontname="Helvetica", '
          'fontsize=9, fixedsize=true, label=""];')
    print('  edge [color="#33333355"];')
    def size(data):
        return float(data.get("commenters", data.get("comments", data.get("videos", 1))))

    largest = max((size(data) for _, data in graph.nodes(data=True)), default=1.0) or 1.0
    for node, data in graph.nodes(data=True):
        width = 0.1 + 0.5 * math.sqrt(size(data) / largest)
        label = str(data.get("label", node))[:24]
        print(f"  {quoted(node)} [width={width:.2f}, xlabel={quoted(label)}];")
    for a, b, data in graph.edges(data=True):
        print(f"  {quoted(a)} {arrow} {quoted(b)} [penwidth={0.3 + 0.4 * math.log1p(float(data['weight'])):.2f}];")
    print("}")


if __name__ == "__main__":
    main()
