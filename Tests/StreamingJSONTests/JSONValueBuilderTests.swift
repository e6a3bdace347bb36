import StreamingJSON
import Testing

@Suite("JSONValue built from parser events")
struct JSONValueBuilderTests {
    /// Containers are appended to in place. A builder that copied a container at each append
    /// built this in hours (its square: 2·10¹⁰ element copies), not in the fraction of a second a
    /// linear one takes; the time limit turns that into a failure instead of a stalled suite.
    @Test(.timeLimit(.minutes(1))) func largeContainersAreBuiltInLinearTime() throws {
        let count = 200_000
        var text = "{\"items\":["
        for index in 0..<count {
            if index > 0 { text += "," }
            text += "{\"id\":\(index),\"tags\":[\"t\(index % 7)\",null,true]}"
        }
        text += "],\"wide\":{"
        for index in 0..<count {
            if index > 0 { text += "," }
            text += "\"k\(index)\":\(index)"
        }
        text += "}}"
        let value = try JSONValue.parse(Array(text.utf8))
        guard case .array(let items)? = value["items"], case .object(let wide)? = value["wide"] else {
            Issue.record("not the document's shape: \(String(describing: value["items"]).prefix(80))")
            return
        }
        #expect(items.count == count)
        #expect(wide.count == count)
        for index in [0, 1, count / 2, count - 1] {
            #expect(
                items[index]
                    == .object([
                        ("id", .number(String(index))),
                        ("tags", .array([.string("t\(index % 7)"), .null, .bool(true)])),
                    ]))
            #expect(wide[index].key == "k\(index)" && wide[index].value == .number(String(index)))
        }
    }

    /// Keys go to their own members at every depth, and an empty container stays empty.
    @Test func keysAndNestingAreKept() throws {
        let value = try JSONValue.parse(Array(#"{"a":{"b":[],"c":{}},"d":[[1],[{"e":"f"}]],"g":"h"}"#.utf8))
        #expect(
            value
                == .object([
                    ("a", .object([("b", .array([])), ("c", .object([]))])),
                    ("d", .array([.array([.number("1")]), .array([.object([("e", .string("f"))])])])),
                    ("g", .string("h")),
                ]))
    }
}
