import Foundation
import Testing

@testable import YouTubeKit

/// A video's usual thumbnail sizes are kept in 64 bytes (``VideoThumbnailSizes``) instead of an
/// array; anything else in an array. The two are one value: same sizes, same order, equal, hashed
/// alike, read alike — and a size that cannot be packed sends the item's sizes to the array with
/// their order kept.
@Suite("Video thumbnail sizes kept without an array")
struct VideoThumbnailSizesTests {
    static let names = ["default", "medium", "high", "standard", "maxres"]

    static func videoURL(_ id: String, file: UInt8) -> Thumbnail {
        Thumbnail(urlForm: ThumbnailTests.videoForm(id, file: file))
    }

    static func size(_ name: Int, _ id: String, file: UInt8, width: Int?, height: Int?) -> Thumbnails.Size {
        var thumbnail = videoURL(id, file: file)
        thumbnail.width = width
        thumbnail.height = height
        return Thumbnails.Size(name: names[name], thumbnail: thumbnail)
    }

    /// The usual five sizes of one video, some without a width or height.
    static let usual: [Thumbnails.Size] = [
        size(0, "dQw4w9WgXcQ", file: 0, width: 120, height: 90),
        size(1, "dQw4w9WgXcQ", file: 1, width: 320, height: 180),
        size(2, "dQw4w9WgXcQ", file: 2, width: 480, height: 360),
        size(3, "dQw4w9WgXcQ", file: 3, width: nil, height: 480),
        size(4, "dQw4w9WgXcQ", file: 9, width: 0, height: nil),
    ]

    static func packed(_ sizes: [Thumbnails.Size]) throws -> Thumbnails {
        var video = VideoThumbnailSizes()
        for size in sizes {
            let number = try #require(names.firstIndex(of: size.name))
            let added = video.append(size.thumbnail, name: UInt8(number))
            #expect(added, "\(size)")
        }
        let thumbnails = Thumbnails(video: video)
        #expect(sizes.isEmpty || Self.isPacked(thumbnails), "expected the packed form")
        return thumbnails
    }

    static func isPacked(_ thumbnails: Thumbnails) -> Bool {
        if case .video = thumbnails.storage { true } else { false }
    }

    @Test(arguments: 0...5)
    func packedAndListFormsAreOneValue(count: Int) throws {
        let sizes = Array(Self.usual.prefix(count))
        let packed = try Self.packed(sizes)
        let list = Thumbnails(sizes: sizes)
        #expect(packed.sizes == sizes)
        #expect(packed.count == count)
        #expect(packed.isEmpty == (count == 0))
        #expect(packed == list)
        #expect(list == packed)
        #expect(packed.hashValue == list.hashValue)
        #expect(Set([packed, list]).count == 1)
        #expect(packed.entries.map(\.name) == sizes.map(\.name))
        #expect(packed.preferred == list.preferred)
        for name in Self.names { #expect(packed[name] == list[name], "\(name)") }
        // As whole URLs (the Foundation path's form), still the same value.
        let whole = Thumbnails(
            sizes: sizes.map {
                Thumbnails.Size(
                    name: $0.name,
                    thumbnail: Thumbnail(url: $0.thumbnail.url, width: $0.thumbnail.width, height: $0.thumbnail.height))
            })
        #expect(packed == whole)
        #expect(packed.hashValue == whole.hashValue)
        // A record holding it reads the same too.
        #expect(Video(videoId: "v", thumbnails: packed) == Video(videoId: "v", thumbnails: whole))
    }

    @Test func differentSizesAreDifferentValues() throws {
        let base = try Self.packed(Self.usual)
        var variants: [[Thumbnails.Size]] = []
        for index in Self.usual.indices {
            var widthChanged = Self.usual
            widthChanged[index].thumbnail.width = (widthChanged[index].thumbnail.width ?? 7) + 1
            var heightAbsent = Self.usual
            heightAbsent[index].thumbnail.height = heightAbsent[index].thumbnail.height == nil ? 5 : nil
            var otherFile = Self.usual
            otherFile[index].thumbnail = Self.videoURL("dQw4w9WgXcQ", file: index == 0 ? 5 : 0)
            otherFile[index].thumbnail.width = Self.usual[index].thumbnail.width
            otherFile[index].thumbnail.height = Self.usual[index].thumbnail.height
            variants += [widthChanged, heightAbsent, otherFile]
        }
        variants.append(Array(Self.usual.reversed()))
        variants.append(Array(Self.usual.dropLast()))
        for variant in variants {
            let packed = try Self.packed(variant)
            #expect(packed != base, "\(variant.map(\.thumbnail))")
            #expect(packed == Thumbnails(sizes: variant))
        }
        // Another video's id, of another length too.
        for id in ["dQw4w9WgXcR", "dQw4w9WgXc", "dQw4w9WgXcQQ"] {
            let other = Self.usual.map {
                Thumbnails.Size(name: $0.name, thumbnail: Self.retargeted($0.thumbnail, to: id))
            }
            #expect(try Self.packed(other) != base, "\(id)")
        }
    }

    static func retargeted(_ thumbnail: Thumbnail, to id: String) -> Thumbnail {
        guard case .video(_, _, let file) = thumbnail.urlForm else { return thumbnail }
        var moved = videoURL(id, file: file)
        moved.width = thumbnail.width
        moved.height = thumbnail.height
        return moved
    }

    /// What the 64 bytes cannot hold is refused, and leaves them as they were.
    @Test func appendRefusesWhatItCannotKeep() throws {
        var video = VideoThumbnailSizes()
        let first = video.append(Self.usual[0].thumbnail, name: 0)
        #expect(first)
        let before = video
        let refused: [(Thumbnail, UInt8)] = [
            (Thumbnail(url: "https://example.com/x.jpg", width: 1, height: 1), 1),
            (Thumbnail(urlForm: .sized(path: "https://yt3.ggpht.com/p", size: 88)), 1),
            (Self.retargeted(Self.usual[1].thumbnail, to: "otherVideoId"), 1),
            (Self.retargeted(Self.usual[1].thumbnail, to: "dQw4w9WgXc"), 1),
            (Thumbnail(urlForm: ThumbnailTests.videoForm("dQw4w9WgXcQ", file: 1), width: 65_535), 1),
            (Thumbnail(urlForm: ThumbnailTests.videoForm("dQw4w9WgXcQ", file: 1), width: 70_000), 1),
            (Thumbnail(urlForm: ThumbnailTests.videoForm("dQw4w9WgXcQ", file: 1), height: -1), 1),
            (Self.usual[1].thumbnail, 5),
        ]
        for (thumbnail, name) in refused {
            let added = video.append(thumbnail, name: name)
            #expect(!added, "\(thumbnail) \(name)")
            #expect(video == before)
        }
        // Eight at most.
        for index in 1..<VideoThumbnailSizes.capacity {
            let added = video.append(Self.usual[index % 5].thumbnail, name: UInt8(index % 5))
            #expect(added)
        }
        let full = video
        let ninth = video.append(Self.usual[0].thumbnail, name: 0)
        #expect(!ninth)
        #expect(video == full)
        #expect(Thumbnails(video: video).count == VideoThumbnailSizes.capacity)
        // The largest width and height kept, and zero.
        var edges = VideoThumbnailSizes()
        let largest = Thumbnail(urlForm: ThumbnailTests.videoForm("a", file: 4), width: 65_534, height: 0)
        let largestAdded = edges.append(largest, name: 4)
        #expect(largestAdded)
        #expect(Thumbnails(video: edges).sizes == [Thumbnails.Size(name: "maxres", thumbnail: largest)])
    }

    /// An item's sizes: packed while each one packs; from the first that does not, every size
    /// (those before it included) in the array, in the order sent.
    @Test(arguments: 0...5)
    func anItemKeepsItsOrderWhenASizeDoesNotPack(odd: Int) throws {
        var sizes = Self.usual
        let oddOne = Thumbnails.Size(name: "custom", thumbnail: Thumbnail(url: "https://example.com/x.jpg"))
        sizes.insert(oddOne, at: odd)
        var item = ItemFields()
        for size in sizes {
            item.appendThumbnail(size, standardName: Self.names.firstIndex(of: size.name).map(UInt8.init))
        }
        #expect(item.videoThumbnails.count == 0)
        #expect(item.thumbnailList == sizes)
        item.id = "v"
        let video = item.takeHydratedVideo()
        #expect(video.thumbnails.sizes == sizes)
        #expect(!Self.isPacked(video.thumbnails))
        #expect(item.thumbnailList.isEmpty && item.videoThumbnails.count == 0)

        var usual = ItemFields()
        for (number, size) in Self.usual.enumerated() { usual.appendThumbnail(size, standardName: UInt8(number)) }
        usual.id = "v"
        let packed = usual.takeHydratedVideo().thumbnails
        #expect(Self.isPacked(packed))
        #expect(packed.sizes == Self.usual)
    }

    @Test func settingSizesKeepsThemAsSet() throws {
        var thumbnails = try Self.packed(Self.usual)
        thumbnails.sizes.removeFirst()
        #expect(thumbnails.sizes == Array(Self.usual.dropFirst()))
        thumbnails.sizes.append(Self.usual[0])
        #expect(thumbnails.sizes.map(\.name) == ["medium", "high", "standard", "maxres", "default"])
        #expect(Thumbnails().isEmpty)
        #expect(Thumbnails(video: VideoThumbnailSizes()) == Thumbnails())
    }
}
