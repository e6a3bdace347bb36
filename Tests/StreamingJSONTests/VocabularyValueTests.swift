import Testing
import YouTubeKit

@testable import StreamingJSON

/// Values of the API's small vocabularies (statuses, licences, formats) are handed out as
/// literals when known; a value the table does not know, or one that only starts like a known
/// one, is still kept exactly as sent.
@Suite("Vocabulary values")
struct VocabularyValueTests {
    static func page(privacy: String, license: String, definition: String, upload: String) -> String {
        """
        {"kind":"youtube#videoListResponse","items":[{"kind":"youtube#video","id":"aaaaaaaaaaa",
        "snippet":{"title":"t","liveBroadcastContent":"\(privacy == "public" ? "none" : "upcoming")"},
        "contentDetails":{"duration":"PT1M","dimension":"2d","definition":"\(definition)","projection":"rectangular"},
        "status":{"privacyStatus":"\(privacy)","uploadStatus":"\(upload)","license":"\(license)"}}]}
        """
    }

    @Test(arguments: [
        ("public", "youtube", "hd", "processed"), ("unlisted", "creativeCommon", "sd", "uploaded"),
        ("publicish", "youtubeX", "h", "processedLater"), ("PRIVATE", "creative Common", "4k", "rejected"),
        ("private", "", "hd\u{00E9}", "deleted"),
    ])
    func knownAndUnknownValuesAreKeptAsSent(_ values: (String, String, String, String)) throws {
        let (privacy, license, definition, upload) = values
        let text = Self.page(privacy: privacy, license: license, definition: definition, upload: upload)
        for chunk in [nil, 1, 3] {
            let records = try RepeatedStringTests.records(text, endpoint: .videos, chunk: chunk)
            guard case .video(let video)? = records.first else {
                Issue.record("no video record")
                return
            }
            #expect(video.privacyStatus == privacy)
            #expect(video.license == license)
            #expect(video.definition == definition)
            #expect(video.uploadStatus == upload)
            #expect(video.dimension == "2d" && video.projection == "rectangular")
            #expect(video.liveBroadcastContent == (privacy == "public" ? "none" : "upcoming"))
        }
    }
}
