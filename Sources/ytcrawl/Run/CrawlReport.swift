import Archive
import Crawler
import Foundation
import StreamingJSON

/// The end-of-crawl summary: the text printed on stdout and the same facts as JSON for
/// `--summary-json FILE`.
struct CrawlReport: RunReport {
    var summary: CrawlSummary
    var out: String
    var budget: Int
    var elapsedSeconds: Double
    var exitCode: Int32

    var nextStep: String {
        switch summary.ending.cause {
        case .completed, .budgetSpent:
            "duckdb -c \"select count(*) from read_json_auto('\(out)/videos-*.jsonl.gz')\""
        case .quotaSpent: "rerun the same command after the quota resets (midnight Pacific Time)"
        case .interrupted, .incomplete: "rerun the same command to continue from the checkpoint"
        case .keyRefused, .apiRefused, .configuration, .writeFailed:
            "fix the cause above, then rerun the same command to continue"
        }
    }

    /// The kinds the output holds shards of, in ``RecordKind`` order (videos and channels always).
    var kindsWritten: [RecordKind] {
        RecordKind.allCases.filter {
            [.videos, .channels].contains($0) || !ArchiveReader.shardNames(directory: out, kind: $0).isEmpty
        }
    }

    /// Names of the closed shards in the output directory.
    var shards: [String] {
        RecordKind.allCases.flatMap { ArchiveReader.shardNames(directory: out, kind: $0) }
    }

    /// `12` for a fresh output; `12 this run (10405 in the output)` for a resumed one.
    private func written(_ total: Int, before: Int) -> String {
        before == 0 ? "\(total)" : "\(total - before) this run (\(total) in the output)"
    }

    var text: String {
        var lines = [
            TerminalText.line(summary.ending.description),
            "videos written: \(written(summary.videosWritten, before: summary.videosBefore)), channels: \(written(summary.channelsWritten, before: summary.channelsBefore)), pages: \(summary.pages), requests: \(summary.requests), retries (faults survived): \(summary.retries)",
            "units: \(summary.units) of the budget of \(budget)"
                + (summary.units > 0
                    ? String(format: " (%.0f videos per 1,000 units)", summary.videosPerThousandUnits) : "")
                + (summary.searches > 0 ? ", search calls: \(summary.searches)" : ""),
            "by method: "
                + summary.unitsByMethod.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                    separator: ", "),
            "shards: \(shards.count) in \(out) ("
                + (kindsWritten.map { "\($0)-*.jsonl.gz" } + ["manifest.json"])
                .joined(separator: ", ") + ")",
            "next: ytcrawl stats \(out)   |   " + nextStep,
        ]
        if let update = summary.update {
            lines.insert(updateLine(update), at: 1)
        }
        if summary.unresolvedChannels > 0 {
            lines.append(
                "channels the videos name without a record: \(summary.unresolvedChannels) (closed, or --no-resolve-channels); the data package declares no videos→channels key"
            )
        }
        if summary.unresolvedVideos > 0 {
            lines.append(
                "videos whose comments were read without a video record: \(summary.unresolvedVideos) (comments seeds read the threads only; add a video seed for each to have both); the data package declares no comments→videos key"
            )
        }
        if summary.threadsCapped > 0 {
            lines.append(
                "comment threads whose replies stopped at --max-reply-pages: \(summary.threadsCapped) (raise it to read more of them)"
            )
        }
        for gap in summary.channelGaps.prefix(10) {
            lines.append(
                "channel past its uploads playlist: \(TerminalText.line(gap)) (complete=search on the seed, or --complete-channels, searches for the rest)"
            )
        }
        if summary.formatUnits > 0 {
            lines.insert(
                "format labels: \(summary.formatUnits) unit\(summary.formatUnits == 1 ? "" : "s") "
                    + "(Shorts and live lists, and 404s of channels without any)", at: 2)
        }
        if !summary.chats.isEmpty {
            lines.insert(
                Self.chatLine(summary.chats, messages: summary.recordsThisRun[.chat, default: 0], out: out), at: 2)
        }
        let playlists = summary.recordsThisRun[.playlists, default: 0]
        let entries = summary.recordsThisRun[.memberships, default: 0]
        let missing = summary.recordsThisRun[.missing, default: 0]
        if playlists > 0 || entries > 0 || missing > 0 {
            lines.insert(
                "this run: \(playlists) playlists, \(entries) playlist entries, \(missing) ids asked for and not returned"
                    + (missing > 0 ? " (ytcrawl export \(out) --csv missing.csv --kind missing)" : ""), at: 2)
        }
        if summary.linksWritten > 0 || summary.subscriptionsPrivate > 0 || summary.linksCapped > 0 {
            var line =
                "channel links written: \(written(summary.linksWritten, before: summary.linksBefore)); "
                + "private subscriptions: \(summary.subscriptionsPrivate) channel\(summary.subscriptionsPrivate == 1 ? "" : "s")"
            if summary.linksCapped > 0 {
                line +=
                    "; \(summary.linksCapped) link\(summary.linksCapped == 1 ? "" : "s") not followed (--max-link-channels)"
            }
            if summary.linkedChannelsGone > 0 {
                line +=
                    "; \(summary.linkedChannelsGone) linked channel\(summary.linkedChannelsGone == 1 ? "" : "s") no longer exist"
            }
            lines.insert(line + " (ytcrawl network \(out) --graph channels)", at: 2)
        }
        if summary.searchWindows > 0 || summary.windowsLeft > 0 {
            lines.insert(
                "split searches: \(summary.searchWindows) date window\(summary.searchWindows == 1 ? "" : "s") done this run, \(summary.windowsLeft) left"
                    + (summary.windowsLeft > 0 ? " (rerun the same command to continue them)" : ""), at: 2)
        }
        if summary.commentsWritten > 0 || !summary.commentsDisabled.isEmpty {
            let disabled = summary.commentsDisabled
            let shown = disabled.prefix(5).joined(separator: ", ") + (disabled.count > 5 ? ", …" : "")
            lines.insert(
                "comments written: \(written(summary.commentsWritten, before: summary.commentsBefore))"
                    + (disabled.isEmpty
                        ? ""
                        : "; comments disabled on \(disabled.count) video\(disabled.count == 1 ? "" : "s") (\(shown); all in manifest.json)"),
                at: 2)
        }
        if !summary.searchesWaiting.isEmpty {
            let waiting = summary.searchesWaiting
            lines.append(
                "searches waiting for their quota (\(waiting.count); a rerun continues them, after midnight Pacific for the daily searches):"
            )
            lines += waiting.prefix(10).map { "  " + TerminalText.line($0) }
            if waiting.count > 10 { lines.append("  … and \(waiting.count - 10) more") }
        }
        if !summary.left.isEmpty {
            lines.append("left for a rerun (\(summary.left.count)):")
            lines += summary.left.prefix(10).map { "  " + TerminalText.line($0) }
            if summary.left.count > 10 { lines.append("  … and \(summary.left.count - 10) more") }
        }
        if !summary.warnings.isEmpty {
            lines.append("warnings: \(summary.warnings.count) (seeds skipped or keys parked; see above)")
        }
        return lines.joined(separator: "\n")
    }

    /// What an update found: `412 new videos from 57 of 1000 channels (60 walked again), 2
    /// searches, 1 playlist; 53 units`.
    private func updateLine(_ update: UpdateSummary) -> String {
        func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
            "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
        }
        var parts = [
            "update: \(count(summary.videosThisRun, "new video")) from \(update.channelsWithNew) of \(count(update.channelsWatched, "channel")) (\(update.channelsChecked) checked, \(update.channelsWalked) walked again)"
        ]
        parts.append(count(update.searches, "search", "searches"))
        parts.append(count(update.playlists, "playlist"))
        if update.commentVideos > 0 || summary.commentsWritten > summary.commentsBefore {
            parts.append(
                "\(count(summary.commentsWritten - summary.commentsBefore, "new comment")) (\(count(update.commentVideos, "followed video")))"
            )
        }
        return parts.joined(separator: ", ") + "; \(count(summary.units, "unit"))"
    }

    /// The summary as one JSON object (sorted keys); it never holds an API key.
    var json: Data {
        var object: [String: Any] = [
            "tool": ToolInfo.name, "version": ToolInfo.version, "ending": summary.ending.cause.rawValue,
            "reason": summary.ending.detail.isEmpty ? NSNull() : TerminalText.redacted(summary.ending.detail),
            "left": summary.left.map(TerminalText.redacted),
            "searchesWaiting": summary.searchesWaiting.map(TerminalText.redacted),
            "exitCode": Int(exitCode), "elapsedSeconds": (elapsedSeconds * 1000).rounded() / 1000,
            "budget": budget, "units": summary.units, "searchCalls": summary.searches,
            "unitsByMethod": summary.unitsByMethod, "requests": summary.requests, "pages": summary.pages,
            "retries": summary.retries, "warnings": summary.warnings.map(TerminalText.redacted),
            "videosWritten": summary.videosWritten, "videosThisRun": summary.videosThisRun,
            "commentsWritten": summary.commentsWritten,
            "commentsThisRun": summary.commentsWritten - summary.commentsBefore,
            "commentsDisabled": summary.commentsDisabled, "searchWindows": summary.searchWindows,
            "formatUnits": summary.formatUnits, "linksWritten": summary.linksWritten,
            "linksThisRun": summary.linksWritten - summary.linksBefore,
            "subscriptionsPrivate": summary.subscriptionsPrivate, "linksCapped": summary.linksCapped,
            "linkedChannelsGone": summary.linkedChannelsGone, "threadsCapped": summary.threadsCapped,
            "unresolvedChannels": summary.unresolvedChannels, "unresolvedVideos": summary.unresolvedVideos,
            "searchWindowsLeft": summary.windowsLeft, "channelGaps": summary.channelGaps,
            "channelsWritten": summary.channelsWritten,
            "videosPerThousandUnits": (summary.videosPerThousandUnits * 10).rounded() / 10,
            "out": URL(fileURLWithPath: out).standardizedFileURL.path, "shards": shards, "next": nextStep,
        ]
        if !summary.chats.isEmpty {
            object["chats"] = summary.chats.map { chat -> [String: Any] in
                [
                    "videoId": chat.videoId, "liveChatId": chat.liveChatId ?? NSNull(), "status": chat.status.rawValue,
                    "messages": chat.messages, "calls": chat.calls,
                    "gaps": chat.gaps.map { ["from": $0.from, "to": $0.to] },
                ]
            }
        }
        if let update = summary.update {
            object["update"] = [
                "channelsWatched": update.channelsWatched, "channelsChecked": update.channelsChecked,
                "channelsWalked": update.channelsWalked, "channelsWithNew": update.channelsWithNew,
                "searches": update.searches, "playlists": update.playlists, "commentVideos": update.commentVideos,
            ]
        }
        return
            (try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
    }

    /// One line on the live chats: captured, ended, not capturable, messages, possible gaps.
    static func chatLine(_ chats: [ChatCapture], messages: Int, out: String) -> String {
        var byStatus: [ChatCapture.Status: Int] = [:]
        for chat in chats { byStatus[chat.status, default: 0] += 1 }
        let statuses = ChatCapture.Status.allCases.compactMap { status in
            byStatus[status].map { "\($0) \(status.rawValue)" }
        }
        let gaps = chats.reduce(0) { $0 + $1.gaps.count }
        var line =
            "live chats: \(chats.count) (\(statuses.joined(separator: ", "))); \(messages) message\(messages == 1 ? "" : "s") this run"
        if gaps > 0 {
            line +=
                "; \(gaps) possible gap\(gaps == 1 ? "" : "s") after restarts, listed in \(out)/manifest.json (chats)"
        }
        if byStatus[.capturing, default: 0] > 0 { line += "; rerun the same command to go on capturing" }
        return line
    }
}
