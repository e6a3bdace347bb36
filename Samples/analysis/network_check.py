"""Checks `ytcrawl network` files against the shards they were built from.

Usage: python3 network_check.py OUTPUT_DIR GRAPH_DIR [--pseudonymized]

GRAPH_DIR holds, for each kind (channels, replies, commenters, cotags, domains, hashtags) it was given,
KIND.graphml, KIND.gexf and the directory KIND-csv (nodes.csv, edges.csv); a kind without its
files is not checked (--kinds K,K says which must be there: default replies,commenters,cotags,domains,hashtags). This script computes each graph itself from the
gzipped JSON-lines shards, by the rules `ytcrawl network --help` states, then reads every file
with networkx (GraphML, GEXF), python-igraph (GraphML) and the csv module, and requires the same
nodes, edges and weights. With --pseudonymized it also requires that no node carries a name.
"""
import csv
import glob
import gzip
import itertools
import json
import os
import re
import sys

import igraph
import networkx

PREFIX = "hmac-sha256:"


def records(directory, kind):
    for path in sorted(glob.glob(os.path.join(directory, kind + "-*.jsonl.gz"))):
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            for line in lines:
                yield json.loads(line)


def replies(directory):
    thread_author, names, pending, nodes = {}, {}, [], {}
    for c in records(directory, "comments"):
        author = c.get("authorChannelId")
        if not author:
            continue
        pseudonymized = author.startswith(PREFIX)
        node = nodes.setdefault(author, {"comments": 0, "likes": 0, "label": None})
        node["comments"] += 1
        node["likes"] += c.get("likeCount") or 0
        display = None if pseudonymized else c.get("authorDisplayName")
        if node["label"] is None and display is not None:
            node["label"] = display
        thread = c.get("threadId") or c.get("parentId") or c.get("commentId")
        if c.get("parentId") is None:
            thread_author[thread] = author
        name = author if pseudonymized else (display[1:] if display and display.startswith("@") else display)
        if name:
            names.setdefault((thread, name.lower()), author)
        if c.get("parentId") is not None:
            match = re.match(r"@(\S+)", (c.get("text") or "").lstrip(" \ufeff"))
            mention = match.group(1).rstrip(",.:;!?)") if match else None
            pending.append((author, thread, mention.lower() if mention else None))
    edges = {}
    for author, thread, mention in pending:
        answered = names.get((thread, mention)) if mention else None
        answered = answered or thread_author.get(thread)
        if answered is None or answered == author:
            continue
        edges[(author, answered)] = edges.get((author, answered), 0) + 1
    labels = {k: v["label"] or k for k, v in nodes.items()}
    return labels, edges, True


def commenters(directory):
    pairs = set()
    for c in records(directory, "comments"):
        author, video = c.get("authorChannelId"), c.get("videoId")
        if author and video and c.get("channelId") != author:
            pairs.add((author, video))
    by_author, videos = {}, set()
    for author, video in pairs:
        by_author.setdefault(author, set()).add(video)
        videos.add(video)
    edges = {}
    for commented in by_author.values():
        for a, b in itertools.combinations(sorted(commented), 2):
            edges[(a, b)] = edges.get((a, b), 0) + 1
    return {v: None for v in videos}, edges, False


def cooccurrence(directory, kinds, field):
    """Terms (lower case; label: the first spelling) linked by the records carrying both."""
    terms, edges = {}, {}
    for kind in kinds:
        for r in records(directory, kind):
            carried = set()
            for term in r.get(field) or []:
                trimmed = term.strip(" \t")
                if trimmed:
                    terms.setdefault(trimmed.lower(), trimmed)
                    carried.add(trimmed.lower())
            for a, b in itertools.combinations(sorted(carried), 2):
                edges[(a, b)] = edges.get((a, b), 0) + 1
    return terms, edges, False


def cotags(directory):
    return cooccurrence(directory, ["videos"], "tags")


def hashtags(directory):
    """Hashtags linked by the videos and comments carrying both."""
    return cooccurrence(directory, ["videos", "comments"], "hashtags")


def domains(directory):
    """Videos and channels to the domains they link to (host without www.), weighted by URLs."""
    labels, edges = {}, {}
    for kind, key in (("videos", "videoId"), ("channels", "channelId")):
        for r in records(directory, kind):
            hosts = [u["host"][4:] if u["host"].startswith("www.") else u["host"] for u in r.get("urls") or [] if u["host"]]
            for host in hosts:
                labels["domain:" + host] = host
                edges[(r[key], "domain:" + host)] = edges.get((r[key], "domain:" + host), 0) + 1
            if hosts:
                labels[r[key]] = r.get("title") or r[key]
    return labels, edges, True


def channels(directory):
    """Channels linked by the links records; a pair linked by both relations is one edge of weight 2."""
    depth, relations = {}, {}
    for link in records(directory, "links"):
        a, b, d = link["fromChannelId"], link["toChannelId"], link["depth"]
        depth[a] = min(depth.get(a, d), d)
        depth[b] = min(depth.get(b, d + 1), d + 1)
        relations.setdefault((a, b), set()).add(link["relation"])
    titles = {c["channelId"]: c.get("title") for c in records(directory, "channels")}
    labels = {c: titles.get(c) or c for c in depth}
    CHANNEL_DEPTHS.update(depth)
    return labels, {k: len(v) for k, v in relations.items()}, True


CHANNEL_DEPTHS = {}


def edge_key(a, b, directed):
    return (a, b) if directed else tuple(sorted((a, b)))


def check(kind, expected, graph_dir, pseudonymized):
    labels, weights, directed = expected
    want_nodes = set(labels)
    want_edges = {edge_key(a, b, directed): w for (a, b), w in weights.items()}
    found = {}
    nx_graphml = networkx.read_graphml(os.path.join(graph_dir, kind + ".graphml"))
    found["networkx graphml"] = nx_graphml
    found["networkx gexf"] = networkx.read_gexf(os.path.join(graph_dir, kind + ".gexf"))
    for name, g in found.items():
        assert g.is_directed() == directed, (kind, name, "directed")
        assert set(g.nodes) == want_nodes, (kind, name, len(g.nodes), len(want_nodes))
        got = {edge_key(a, b, directed): int(d["weight"]) for a, b, d in g.edges(data=True)}
        assert got == want_edges, (kind, name, len(got), len(want_edges))
    i = igraph.Graph.Read_GraphML(os.path.join(graph_dir, kind + ".graphml"))
    ids = i.vs["id"]
    assert set(ids) == want_nodes, (kind, "igraph nodes")
    got = {edge_key(ids[e.source], ids[e.target], directed): int(e["weight"]) for e in i.es}
    assert got == want_edges, (kind, "igraph edges")
    with open(os.path.join(graph_dir, kind + "-csv", "nodes.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert {r["Id"] for r in rows} == want_nodes, (kind, "csv nodes")
    with open(os.path.join(graph_dir, kind + "-csv", "edges.csv"), newline="", encoding="utf-8") as f:
        got = {edge_key(r["Source"], r["Target"], directed): int(r["Weight"]) for r in csv.DictReader(f)}
    assert got == want_edges, (kind, "csv edges")
    if kind == "replies":
        for node, data in nx_graphml.nodes(data=True):
            assert data["label"] == labels[node], (node, data["label"])
            if pseudonymized:
                assert node.startswith(PREFIX) and data["label"] == node, ("a name in a pseudonymized graph", node)
    if kind == "channels":
        for node, data in nx_graphml.nodes(data=True):
            assert int(data["depth"]) == CHANNEL_DEPTHS[node], (node, data["depth"])
            assert bool(data["isSeed"]) == (CHANNEL_DEPTHS[node] == 0), (node, data["isSeed"])
            assert data["label"] == labels[node], (node, data["label"])
    if kind in ("cotags", "hashtags", "domains"):
        for node, data in nx_graphml.nodes(data=True):
            assert data["label"] == labels[node], (node, data["label"])
    print(f"{kind}: {len(want_nodes)} nodes, {len(want_edges)} edges, weight {sum(want_edges.values())}: "
          "networkx graphml+gexf, igraph graphml, csv agree")


def main():
    directory, graph_dir = sys.argv[1], sys.argv[2]
    pseudonymized = "--pseudonymized" in sys.argv[3:]
    required = {"replies", "commenters", "cotags", "domains", "hashtags"}
    for arg in sys.argv[3:]:
        if arg.startswith("--kinds="):
            required = set(arg.split("=", 1)[1].split(","))
    builders = [
        ("channels", channels), ("replies", replies), ("commenters", commenters), ("cotags", cotags),
        ("domains", domains), ("hashtags", hashtags),
    ]
    for kind, build in builders:
        if kind not in required and not os.path.exists(os.path.join(graph_dir, kind + ".graphml")):
            continue
        expected = build(directory)
        assert expected[1], f"{kind}: the test data must give edges"
        check(kind, expected, graph_dir, pseudonymized)


if __name__ == "__main__":
    main()
