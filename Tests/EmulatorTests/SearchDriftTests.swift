import Emulator
import Synchronization
import Testing
import YouTubeKit

/// The emulator's search drift (``SearchDrift``): the model's shape, and a day's answers over
/// HTTP — the same whenever asked, different from another day's, unchanged without drift.
@Suite("Emulator search drift")
struct SearchDriftTests {
    @Test func findabilityFallsFromTheHeadThroughTheMiddleToTheTail() {
        let drift = SearchDrift()
        #expect(drift.findableShare(ageDays: 0) == 1)
        #expect(drift.findableShare(ageDays: 20) == 1)
        #expect(abs(drift.findableShare(ageDays: 40) - (1 - 0.65 / 2)) < 1e-12)
        #expect(drift.findableShare(ageDays: 60) == drift.tailShare)
        #expect(drift.findableShare(ageDays: 600) == drift.tailShare)
        // The day's swap aside, a video forgotten stays forgotten (its draw is its own, its share
        // only falls), and the shares forgotten follow the model.
        var noSwap = drift
        noSwap.dailySwap = 0
        var forgottenThenFound = 0
        var foundAt: [Int: Int] = [:]
        for index in 0..<4000 {
            var gone = false
            for day in stride(from: 0, through: 120, by: 5) {
                let found = noSwap.findable(index, published: 0, now: Int64(day) * 86_400, day: day, salt: 7)
                if gone && found { forgottenThenFound += 1 }
                if !found { gone = true } else { foundAt[day, default: 0] += 1 }
            }
        }
        #expect(forgottenThenFound == 0)
        #expect(foundAt[20] == 4000)
        #expect(abs(Double(foundAt[40] ?? 0) / 4000 - 0.675) < 0.03)
        #expect(abs(Double(foundAt[120] ?? 0) / 4000 - 0.35) < 0.03)
        // The day's swap leaves out about a tenth of the young, each day others.
        let swapped = (0..<4000).filter { !drift.findable($0, published: 0, now: 0, day: 3, salt: 7) }
        #expect(abs(Double(swapped.count) / 4000 - 0.1) < 0.02)
        let swappedNextDay = (0..<4000).filter { !drift.findable($0, published: 0, now: 0, day: 4, salt: 7) }
        #expect(Set(swapped) != Set(swappedNextDay))
    }

    @Test func aDaysAnswersHoldAllDayAndChangeTheNext() throws {
        let clock = Atomic<Int64>(1_800_000_000)
        func ids(_ harness: EmulatorHarness, _ query: String) throws -> [String] {
            let (status, page) = try harness.json("/youtube/v3/search?part=snippet&maxResults=50&type=video&q=" + query)
            #expect(status == 200)
            guard case .array(let items)? = page["items"] else { return [] }
            return items.compactMap { item in
                if case .string(let id)? = item["id"]?["videoId"] { return id }
                return nil
            }
        }
        let drifting = try EmulatorHarness { configuration in
            configuration.searchDrift = SearchDrift()
            configuration.corpus = CorpusConfiguration(seed: 7, channels: 300, videosPerChannel: 30)
            configuration.dayZero = 1_800_000_000
            configuration.clock = { clock.load(ordering: .relaxed) }
        }
        let steady = try EmulatorHarness { configuration in
            configuration.corpus = CorpusConfiguration(seed: 7, channels: 300, videosPerChannel: 30)
            configuration.dayZero = 1_800_000_000
            configuration.clock = { clock.load(ordering: .relaxed) }
        }
        let word = "music"
        let dayZero = try ids(drifting, word)
        #expect(dayZero.count == 50)
        #expect(try ids(drifting, word) == dayZero, "asked again the same day: the same answer")
        let steadyZero = try ids(steady, word)
        #expect(steadyZero != dayZero, "relevance leans to short popular videos and the day's noise")
        clock.store(1_800_000_000 + 86_400, ordering: .relaxed)
        let dayOne = try ids(drifting, word)
        #expect(dayOne != dayZero, "another day, another answer")
        #expect(!Set(dayOne).intersection(dayZero).isEmpty, "but mostly the same videos")
    }
}
