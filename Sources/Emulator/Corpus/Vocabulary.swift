/// The words titles, descriptions and tags are made of: plain words people search for, and
/// words that exercise a client — unicode, emoji, right-to-left scripts, characters that need
/// HTML escaping.
enum Vocabulary {
    static let words: [String] = [
        "programming", "swift", "concurrency", "tutorial", "lofi", "beats", "cooking", "pasta", "music", "live",
        "review", "unboxing", "travel", "vlog", "guitar", "piano", "jazz", "rock", "news", "science", "space",
        "history", "football", "chess", "gaming", "speedrun", "minecraft", "coffee", "bread", "garden", "cats",
        "dogs", "workout", "yoga", "meditation", "podcast", "interview", "documentary", "trailer", "comedy",
        "animation", "drawing", "painting", "photography", "camera", "drone", "cars", "bikes", "hiking", "surfing",
        "rust", "python", "javascript", "linux", "server", "database", "compiler", "kotlin", "android", "ios",
        "design", "startup", "finance", "crypto", "economics", "math", "physics", "chemistry", "biology", "ocean",
        "mountains", "city", "night", "rain", "sleep", "study", "relax", "focus", "beginner", "advanced", "part",
        "episode", "full", "official", "remix", "cover", "acoustic", "highlights", "recap", "explained", "2024",
        "2025", "best", "top", "how", "why", "what", "new", "old", "first", "last", "ultimate", "quick", "easy",
        "Café", "naïve", "Ünïcödé", "日本語", "プログラミング", "中文", "한국어", "Привет", "Ελληνικά", "हिन्दी",
        "مرحبا", "العربية", "שלום", "עברית", "🎸", "🔥", "😀", "🚀", "🎉", "❤️", "👩‍💻", "🇯🇵",
        "R&B", "Tom&Jerry", "<3", "\"best\"", "it's", "don't", "5>4", "a<b", "C++", "C#", "50%", "#shorts",
    ]

    /// Indices of the plain ASCII words (the first block), for queries a test can type.
    static let plainCount = 108

    /// Lower-cased form used for matching query terms.
    static let normalized: [String] = words.map { $0.lowercased() }

    static let index: [String: Int] = {
        var map: [String: Int] = [:]
        for (offset, word) in normalized.enumerated() where map[word] == nil { map[word] = offset }
        return map
    }()
}
