import Testing
import YouTubeKit

@Suite("Query terms and HTTP dates")
struct SearchAuditTextTests {
    @Test func everyTermMustBeThereCaseAndDiacriticsIgnored() {
        let terms = QueryTerms("Café  \"lofi music\" -news")
        #expect(terms.terms == [["cafe"], ["lofi"], ["music"]])
        #expect(terms.matches(["LOFI café", "some music here"]) == true)
        #expect(terms.matches(["lofi cafe"]) == false, "music is missing")
        #expect(terms.matches(["news"]) == false)
        #expect(QueryTerms("-only -excluded").matches(["anything"]) == nil, "no term: undecided")
        #expect(QueryTerms("").matches(["anything"]) == nil)
    }

    @Test func alternativesMatchEither() {
        let joined = QueryTerms("cats|dogs video")
        #expect(joined.terms == [["cats", "dogs"], ["video"]])
        #expect(joined.matches(["a dogs video"]) == true)
        #expect(joined.matches(["a cat video"]) == false)
        let spaced = QueryTerms("cats | dogs video")
        #expect(spaced.terms == joined.terms)
        #expect(QueryTerms("| cats").terms == [["cats"]], "a leading | joins nothing")
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPDate.format(seconds: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT", "RFC 9110's example")
        #expect(HTTPDate.parseSeconds("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.format(seconds: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(seconds: -1) == "Wed, 31 Dec 1969 23:59:59 GMT")
        for seconds: Int64 in [951_782_400, 1_796_525_527, 4_102_444_799] {
            #expect(HTTPDate.parseSeconds(HTTPDate.format(seconds: seconds)) == seconds)
        }
        for bad in [
            "", "Sun, 06 Nov 1994 08:49:37", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
        ] {
            #expect(HTTPDate.parseSeconds(bad) == nil, "\(bad)")
        }
    }
}
