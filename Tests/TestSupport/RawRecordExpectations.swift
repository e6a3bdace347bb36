import Foundation

/// What the schema-2 columns of a record must hold for one raw `items[]` element of a videos.list
/// or channels.list page, worked out here from Foundation's parse of the page with the rules of
/// DESIGN.md "Records" — apart from the decoders, so a test can hold either to the API's bytes.
/// Values are Foundation objects (`NSNull` for null), compared with ``equal(_:_:)``.
public enum RawRecordExpectations {
    /// The videos.list item's schema-2 columns (`format` is the crawl's, not the API's: left out).
    public static func video(_ item: [String: Any]) -> [String: Any] {
        let details = item["contentDetails"] as? [String: Any]
        let status = item["status"] as? [String: Any]
        let topics = item["topicDetails"] as? [String: Any]
        let recording = item["recordingDetails"] as? [String: Any]
        var expected: [String: Any] = [
            "dimension": details?["dimension"] ?? NSNull(), "definition": details?["definition"] ?? NSNull(),
            "projection": details?["projection"] ?? NSNull(), "caption": boolean(details?["caption"]),
            "licensedContent": boolean(details?["licensedContent"]),
            "contentRating": details?["contentRating"] ?? NSNull(),
            "privacyStatus": status?["privacyStatus"] ?? NSNull(), "uploadStatus": status?["uploadStatus"] ?? NSNull(),
            "license": status?["license"] ?? NSNull(), "embeddable": boolean(status?["embeddable"]),
            "publicStatsViewable": boolean(status?["publicStatsViewable"]),
            "madeForKids": boolean(status?["madeForKids"]),
            "containsSyntheticMedia": boolean(status?["containsSyntheticMedia"]),
            "topicIds": topics?["topicIds"] ?? NSNull(), "relevantTopicIds": topics?["relevantTopicIds"] ?? NSNull(),
            "topicCategories": topics?["topicCategories"] ?? NSNull(),
            "recordingDate": time(recording?["recordingDate"]),
            "hasPaidProductPlacement": boolean(
                (item["paidProductPlacementDetails"] as? [String: Any])?["hasPaidProductPlacement"]),
            "localizations": item["localizations"] ?? NSNull(),
        ]
        if let restriction = details?["regionRestriction"] as? [String: Any] {
            expected["regionRestriction"] = [
                "allowed": restriction["allowed"] ?? NSNull(), "blocked": restriction["blocked"] ?? NSNull(),
            ]
        } else {
            expected["regionRestriction"] = NSNull()
        }
        if let location = recording?["location"] as? [String: Any], let latitude = location["latitude"],
            let longitude = location["longitude"]
        {
            expected["recordingLocation"] = [
                "latitude": latitude, "longitude": longitude, "altitude": location["altitude"] ?? NSNull(),
            ]
        } else {
            expected["recordingLocation"] = NSNull()
        }
        if let live = item["liveStreamingDetails"] as? [String: Any] {
            expected["liveStreamingDetails"] = [
                "actualStartTime": time(live["actualStartTime"]), "actualEndTime": time(live["actualEndTime"]),
                "scheduledStartTime": time(live["scheduledStartTime"]),
                "scheduledEndTime": time(live["scheduledEndTime"]),
                "concurrentViewers": (live["concurrentViewers"] as? String).flatMap { Int($0) } ?? NSNull(),
                "activeLiveChatId": live["activeLiveChatId"] ?? NSNull(),
            ]
        } else {
            expected["liveStreamingDetails"] = NSNull()
        }
        return expected
    }

    /// The channels.list item's schema-2 columns (`subscriptionsPrivate` is the crawl's: left out).
    public static func channel(_ item: [String: Any]) -> [String: Any] {
        let status = item["status"] as? [String: Any]
        let topics = item["topicDetails"] as? [String: Any]
        let branding = item["brandingSettings"] as? [String: Any]
        let brandingChannel = branding?["channel"] as? [String: Any]
        return [
            "defaultLanguage": (item["snippet"] as? [String: Any])?["defaultLanguage"] ?? NSNull(),
            "keywords": (brandingChannel?["keywords"] as? String).map(keywords) ?? NSNull(),
            "unsubscribedTrailer": brandingChannel?["unsubscribedTrailer"] ?? NSNull(),
            "bannerUrl": (branding?["image"] as? [String: Any])?["bannerExternalUrl"] ?? NSNull(),
            "hiddenSubscriberCount": boolean((item["statistics"] as? [String: Any])?["hiddenSubscriberCount"]),
            "privacyStatus": status?["privacyStatus"] ?? NSNull(), "isLinked": boolean(status?["isLinked"]),
            "longUploadsStatus": status?["longUploadsStatus"] ?? NSNull(),
            "madeForKids": boolean(status?["madeForKids"]), "topicIds": topics?["topicIds"] ?? NSNull(),
            "topicCategories": topics?["topicCategories"] ?? NSNull(),
        ]
    }

    /// Keywords by the documented rule, written separately from the library's: words apart at
    /// spaces, a quoted phrase one keyword.
    static func keywords(_ text: String) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first == " " {
                rest = rest.dropFirst()
            } else if first == "\"" {
                let body = rest.dropFirst()
                let end = body.firstIndex(of: "\"") ?? body.endIndex
                let phrase = body[..<end].trimmingCharacters(in: .whitespaces)
                if !phrase.isEmpty { result.append(phrase) }
                rest = end == body.endIndex ? "" : body[body.index(after: end)...]
            } else {
                let end = rest.firstIndex { $0 == " " || $0 == "\"" } ?? rest.endIndex
                result.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return result
    }

    static func boolean(_ value: Any?) -> Any {
        if let text = value as? String {
            if text == "true" { return true }
            if text == "false" { return false }
            return NSNull()
        }
        if let number = value as? NSNumber, String(cString: number.objCType) == "c" { return number.boolValue }
        return NSNull()
    }

    /// RFC 3339 text as a record writes it: UTC, whole seconds, `Z`.
    public static func time(_ value: Any?) -> Any {
        guard let text = value as? String else { return NSNull() }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = fractional.date(from: text) ?? ISO8601DateFormatter().date(from: text) else {
            return NSNull()
        }
        let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        return ISO8601DateFormatter().string(from: whole)
    }

    /// Equal as JSON values: objects whatever their key order, numbers by value.
    public static func equal(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (let x as [String: Any], let y as [String: Any]):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { equal(value, $0) } ?? false }
        case (let x as [Any], let y as [Any]):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (is NSNull, is NSNull): return true
        case (let x as String, let y as String): return x == y
        default:
            guard let x = scalar(a), let y = scalar(b) else { return false }
            return x == y
        }
    }

    /// A boolean or a number as one comparable value (Swift's `Bool`/`Int`/`Double` or a
    /// `JSONSerialization` `NSNumber`, whose booleans have `objCType` "c").
    private static func scalar(_ value: Any) -> Scalar? {
        if type(of: value) == Bool.self { return .boolean(value as! Bool) }
        if type(of: value) == Int.self { return .number(Double(value as! Int)) }
        if type(of: value) == Double.self { return .number(value as! Double) }
        guard let number = value as? NSNumber else { return nil }
        return String(cString: number.objCType) == "c" ? .boolean(number.boolValue) : .number(number.doubleValue)
    }

    private enum Scalar: Equatable {
        case boolean(Bool)
        case number(Double)
    }
}
