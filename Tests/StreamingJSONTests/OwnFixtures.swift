/// The project's own response bodies, written for these tests in the shapes the real API sends.
enum OwnFixtures {
    static let searchPage = #"""
        {
          "kind": "youtube#searchListResponse",
          "etag": "\"XpPGQXPnxQJhLgs6enD_n8JR4Qk/abc\"",
          "nextPageToken": "CAUQAA",
          "regionCode": "US",
          "pageInfo": {
            "totalResults": 1000000,
            "resultsPerPage": 5
          },
          "items": [
            {
              "kind": "youtube#searchResult",
              "etag": "e1",
              "id": {
                "kind": "youtube#video",
                "videoId": "vid00000001"
              },
              "snippet": {
                "publishedAt": "2024-03-01T12:00:00.123Z",
                "channelId": "UCchannel0000000000000a",
                "title": "Rock &amp; Roll: I&#39;m &quot;back&quot; 🎸",
                "description": "Caf\u00e9 &lt;b&gt; — a long description cut at 160 characters ...",
                "thumbnails": {
                  "default": { "url": "https://i.ytimg.com/vi/vid00000001/default.jpg", "width": 120, "height": 90 },
                  "medium": { "url": "https://i.ytimg.com/vi/vid00000001/mqdefault.jpg", "width": 320, "height": 180 },
                  "high": { "url": "https://i.ytimg.com/vi/vid00000001/hqdefault.jpg", "width": 480, "height": 360 }
                },
                "channelTitle": "Tom &amp; Jerry",
                "liveBroadcastContent": "none",
                "publishTime": "2024-03-01T12:00:00Z"
              }
            },
            {
              "kind": "youtube#searchResult",
              "etag": "e2",
              "id": { "kind": "youtube#channel", "channelId": "UCchannel0000000000000b" },
              "snippet": { "publishedAt": "2015-01-01T00:00:00Z", "channelId": "UCchannel0000000000000b", "title": "A channel", "description": "", "thumbnails": {}, "channelTitle": "A channel", "liveBroadcastContent": "none" }
            },
            {
              "kind": "youtube#searchResult",
              "etag": "e3",
              "id": { "kind": "youtube#playlist", "playlistId": "PLplaylist000000000000000000000001" },
              "snippet": { "publishedAt": "2016-01-01T00:00:00Z", "channelId": "UCchannel0000000000000b", "title": "A playlist", "description": "", "thumbnails": {}, "channelTitle": "A channel", "liveBroadcastContent": "none" }
            },
            {
              "kind": "youtube#searchResult",
              "etag": "e4",
              "id": { "kind": "youtube#video", "videoId": "vid00000002" },
              "snippet": {
                "publishedAt": "2024-03-02T08:30:00+02:00",
                "channelId": "UCchannel0000000000000c",
                "title": "\u05e9\u05dc\u05d5\u05dd right-to-left \ud83d\ude00",
                "description": "",
                "thumbnails": { "default": { "url": "https://i.ytimg.com/vi/vid00000002/default_live.jpg" } },
                "channelTitle": "Live",
                "liveBroadcastContent": "live"
              }
            }
          ]
        }
        """#

    static let playlistItemsPage = #"""
        {
          "kind": "youtube#playlistItemListResponse",
          "etag": "p",
          "pageInfo": { "totalResults": 3, "resultsPerPage": 50 },
          "items": [
            {
              "kind": "youtube#playlistItem",
              "id": "item1",
              "snippet": {
                "publishedAt": "2025-01-01T00:00:00Z",
                "channelId": "UCplaylistowner00000000",
                "title": "Added to playlist later",
                "description": "line one\r\nline two",
                "thumbnails": { "medium": { "url": "https://i.ytimg.com/vi/vid00000003/mqdefault.jpg", "width": 320, "height": 180 } },
                "channelTitle": "Playlist owner",
                "playlistId": "PLmixed",
                "position": 0,
                "resourceId": { "kind": "youtube#video", "videoId": "vid00000003" },
                "videoOwnerChannelTitle": "Video owner",
                "videoOwnerChannelId": "UCvideoowner000000000000"
              },
              "contentDetails": { "videoId": "vid00000003", "videoPublishedAt": "2020-05-05T05:05:05Z" }
            },
            {
              "kind": "youtube#playlistItem",
              "id": "item2",
              "snippet": {
                "publishedAt": "2025-01-02T00:00:00Z",
                "channelId": "UCplaylistowner00000000",
                "title": "Private video",
                "description": "This video is private.",
                "thumbnails": {},
                "channelTitle": "Playlist owner",
                "playlistId": "PLmixed",
                "position": 1,
                "resourceId": { "kind": "youtube#video", "videoId": "vid00000004" }
              },
              "contentDetails": { "videoId": "vid00000004" }
            },
            {
              "kind": "youtube#playlistItem",
              "id": "item3",
              "snippet": {
                "publishedAt": "2025-01-03T00:00:00Z",
                "channelId": "UCplaylistowner00000000",
                "title": "Deleted video",
                "description": "This video is unavailable.",
                "thumbnails": {},
                "channelTitle": "Playlist owner",
                "playlistId": "PLmixed",
                "position": 2,
                "resourceId": { "kind": "youtube#video", "videoId": "vid00000005" }
              },
              "contentDetails": { "videoId": "vid00000005" }
            }
          ]
        }
        """#

    static let videosPage = #"""
        {"kind":"youtube#videoListResponse","etag":"v","items":[{"kind":"youtube#video","etag":"x","id":"vid00000006","snippet":{"publishedAt":"2019-02-03T04:05:06Z","channelId":"UCchannel0000000000000a","title":"Plain & simple <title>","description":"Emoji 🎉 and \"quotes\"\nsecond line","thumbnails":{"maxres":{"url":"https://i.ytimg.com/vi/vid00000006/maxresdefault.jpg","width":1280,"height":720}},"channelTitle":"Tom & Jerry","tags":["swift","json","日本語"],"categoryId":"28","liveBroadcastContent":"none","defaultLanguage":"en","localized":{"title":"Plain & simple <title>","description":"x"},"defaultAudioLanguage":"en-US"},"contentDetails":{"duration":"PT1H10S","dimension":"2d","definition":"hd","caption":"false","licensedContent":true,"contentRating":{},"projection":"rectangular"},"statistics":{"viewCount":"123456","favoriteCount":"0","commentCount":"42"}},{"kind":"youtube#video","etag":"y","id":"vid00000007","snippet":{"publishedAt":"2021-07-08T09:10:11Z","channelId":"UCchannel0000000000000c","title":"Upcoming","description":"","thumbnails":{},"channelTitle":"Live","liveBroadcastContent":"upcoming"},"contentDetails":{"duration":"P0D"},"statistics":{"viewCount":"0","likeCount":"0"}}],"pageInfo":{"totalResults":2,"resultsPerPage":2}}
        """#

    static let channelsPage = #"""
        {
          "kind": "youtube#channelListResponse",
          "items": [
            {
              "kind": "youtube#channel",
              "id": "UCchannel0000000000000a",
              "snippet": { "title": "Tom & Jerry", "description": "d", "customUrl": "@tomandjerry", "publishedAt": "2010-10-10T10:10:10Z", "thumbnails": { "high": { "url": "https://yt3.ggpht.com/a=s800" } }, "country": "FR" },
              "contentDetails": { "relatedPlaylists": { "likes": "", "uploads": "UUchannel0000000000000a" } },
              "statistics": { "viewCount": "999", "subscriberCount": "0", "hiddenSubscriberCount": true, "videoCount": "12" }
            }
          ]
        }
        """#

    /// A `fields=items(id,snippet(title,publishedAt)),nextPageToken` response: no kind, etag or pageInfo.
    static let filteredVideos = #"""
        {"items":[{"id":"vid00000008","snippet":{"publishedAt":"2018-01-01T00:00:00Z","title":"Filtered"}}],"nextPageToken":"NEXT"}
        """#

    static let emptyNoItems = #"{"kind":"youtube#searchListResponse","pageInfo":{"totalResults":0,"resultsPerPage":5}}"#

    static let quotaError = #"""
        {
          "error": {
            "code": 403,
            "message": "The request cannot be completed because you have exceeded your \u003ca href=\"/youtube/v3/getting-started#quota\"\u003equota\u003c/a\u003e.",
            "errors": [
              {
                "message": "The request cannot be completed because you have exceeded your \u003ca href=\"/youtube/v3/getting-started#quota\"\u003equota\u003c/a\u003e.",
                "domain": "youtube.quota",
                "reason": "quotaExceeded"
              }
            ]
          }
        }
        """#

    static let all: [(name: String, body: String)] = [
        ("searchPage", searchPage), ("playlistItemsPage", playlistItemsPage), ("videosPage", videosPage),
        ("channelsPage", channelsPage), ("filteredVideos", filteredVideos), ("emptyNoItems", emptyNoItems),
        ("quotaError", quotaError),
    ]
}
