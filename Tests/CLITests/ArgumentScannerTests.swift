import Testing

@testable import ytcrawl

/// Typed options read through their declarations: defaults, values, and the messages that say
/// what a value needs.
@Suite("argument scanner")
struct ArgumentScannerTests {
    private static func scan(_ arguments: [String], command: String = "crawl") throws -> ArgumentScanner {
        let configuration = try #require(CommandRegistry.command(named: command)).configuration
        return try ArgumentScanner(command: command, options: configuration.options, arguments: arguments)
    }

    private static func usageMessage(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as UsageError {
            return error.description
        } catch {
            return "not a usage error: \(error)"
        }
    }

    @Test func anOptionNotGivenHasItsDeclaredDefault() throws {
        let scanner = try Self.scan([])
        #expect(try scanner[APIOptions.concurrency] == 8)
        #expect(try scanner[APIOptions.budget] == nil)
        #expect(!scanner.isGiven(APIOptions.concurrency))
        #expect(!scanner[RunOptions.quiet])
        #expect(try scanner[CrawlCommand.out] == "ytcrawl-out")
    }

    @Test func valuesComeSeparateOrAfterAnEqualsSign() throws {
        let scanner = try Self.scan(["--concurrency", "16", "--out=dir", "--quiet", "extra"])
        #expect(try scanner[APIOptions.concurrency] == 16)
        #expect(try scanner[CrawlCommand.out] == "dir")
        #expect(scanner[RunOptions.quiet])
        #expect(scanner.positional == ["extra"])
    }

    @Test func aValueOutsideItsRangeOrChoicesSaysWhatItNeeds() throws {
        let scanner = try Self.scan(["--concurrency", "0", "--quota-model", "free", "--progress-interval", "x"])
        #expect(
            Self.usageMessage { _ = try scanner[APIOptions.concurrency] }
                == "--concurrency needs a whole number from 1 to 256, got \"0\"")
        #expect(
            Self.usageMessage { _ = try scanner[APIOptions.quotaModel] }
                == "--quota-model takes one of buckets, classic, got \"free\"")
        #expect(
            Self.usageMessage { _ = try scanner[RunOptions.progressInterval] }
                == "--progress-interval needs a number from 0.05 to 86400.0, got \"x\"")
    }

    @Test func aMissingValueAndAFlagGivenAValueAreUsageErrors() {
        #expect(
            Self.usageMessage { _ = try Self.scan(["--budget"]) } == "--budget needs a value; see ytcrawl crawl --help")
        #expect(
            Self.usageMessage { _ = try Self.scan(["--quiet=yes"]) }?.hasPrefix(
                "unknown option --quiet for ytcrawl crawl")
                == true)
    }

    /// `--out --emulator` made a directory named `--emulator` and crawled the real API; a value
    /// spelled as one of the command's options is a usage error, unless given after `=`.
    @Test func aValueThatIsAnOptionOfTheCommandIsAUsageError() throws {
        for (command, arguments) in [
            ("crawl", ["--out", "--emulator"]), ("crawl", ["--out", "--budget=5"]), ("network", ["--out", "--format"]),
            ("codebook", ["--out", "--title"]), ("export", ["--csv", "--kind"]), ("crawl", ["--seeds", "-h"]),
        ] {
            let message = Self.usageMessage { _ = try Self.scan(arguments, command: command) }
            #expect(
                message?.hasPrefix("\(arguments[0]) needs a value, but it is followed by the option \(arguments[1])")
                    == true, "\(command) \(arguments): \(message ?? "accepted")")
        }
        #expect(try Self.scan(["--out=--emulator"])[CrawlCommand.out] == "--emulator")
        // A value that starts with a dash but names no option of the command is a value.
        #expect(try Self.scan(["--out", "-ckUuBy62Hw"])[CrawlCommand.out] == "-ckUuBy62Hw")
    }

    @Test func anAliasSetsTheOptionItSpells() throws {
        let scanner = try Self.scan(["-v"], command: "emulate")
        #expect(scanner[EmulateCommand.verbose])
    }

    @Test func theEmulatorsOptionsPassThroughUnderTheirPrefix() throws {
        let scanner = try Self.scan(["--emulator-channels", "7", "--emulator-faults", "500,reset"])
        #expect(try scanner[EmulatorOptions.passedThrough.channels] == 7)
        #expect(try scanner[EmulatorOptions.passedThrough.faults].map(\.rawValue) == ["500", "reset"])
        #expect(
            Self.usageMessage { _ = try Self.scan(["--channels", "7"]) }?.hasPrefix("unknown option --channels") == true
        )
    }

    @Test func aShardSizeTakesUnitsAndBoundsTheMembers() throws {
        let shards = try ShardOptions(try Self.scan(["--shard-bytes", "64K"]))
        #expect(shards.writer.shardBytes == 64 << 10)
        #expect(shards.writer.memberBytes == 64 << 10)
        #expect(
            Self.usageMessage { _ = try ShardOptions(try Self.scan(["--shard-bytes", "1K"])) }?.hasPrefix(
                "--shard-bytes 1K: expected a compressed size from 4K to 4G") == true)
    }

    @Test func helpTextWrapsAtTheWidthWithTheTextInItsColumn() {
        let table = HelpText.table(
            [("--long-option-name VALUE", String(repeating: "word ", count: 40))], indent: 2, column: 26)
        let lines = table.split(separator: "\n")
        #expect(lines[0] == "  --long-option-name VALUE")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 26)) && $0.count <= 100 })
        #expect(lines.count == 4)
    }
}
