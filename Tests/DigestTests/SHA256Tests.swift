import Foundation
import TestSupport
import Testing

@testable import Digest

@Suite("SHA-256 and HMAC")
struct SHA256Tests {
    @Test(
        "FIPS 180-4 test vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ])
    func vectors(_ input: String, _ expected: String) {
        #expect(SHA256.hex(SHA256.hash(Array(input.utf8))) == expected)
    }

    @Test func millionAs() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(hasher.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func chunkingDoesNotMatter() {
        let data = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let whole = SHA256.hash(data)
        for size in [1, 3, 63, 64, 65, 200] {
            var hasher = SHA256()
            var offset = 0
            while offset < data.count {
                hasher.update(Array(data[offset..<min(offset + size, data.count)]))
                offset += size
            }
            #expect(hasher.finalize() == whole, "chunks of \(size)")
        }
    }

    @Test func agreesWithSha256sum() throws {
        let data = Array("ytcrawl shard bytes\n".utf8)
        let output = try SpawnedProcess.runToEnd(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "printf 'ytcrawl shard bytes\\n' | sha256sum"]
        ).stdout
        #expect(output.hasPrefix(SHA256.hex(SHA256.hash(data))))
    }

    @Test func hmacRFC4231Case2() {
        let mac = HMACSHA256.authenticate(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8))
        #expect(SHA256.hex(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}
