"""An independent extraction of ytcrawl's derived fields (schema 3), written from the rules in
docs/reference/records.md "Derived fields" with Python's own regexes and unicodedata, checked
against every video, channel and comment line of the files given (gzipped shards or plain JSON
lines). Prints one JSON object: counts checked and the first mismatches. Exit 1 on a mismatch."""

import gzip
import json
import re
import sys
import unicodedata

HASHTAG_CATEGORIES = {"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd"}
LETTER_CATEGORIES = {"Lu", "Ll", "Lt", "Lm", "Lo"}


def tag_char(c):
    if c.isascii():
        return c.isalnum() or c == "_"
    return unicodedata.category(c) in HASHTAG_CATEGORIES


def word_char(c):
    return tag_char(c) or c in "&/."


def starts_word(text, i):
    return i == 0 or not word_char(text[i - 1])


def links(text):
    found = []
    last_end = 0
    for m in re.finditer(r"https?://", text, re.I | re.A):
        i = m.start()
        if i < last_end or not starts_word(text, i):
            continue
        end = m.end()
        stop = re.compile(r'[\s<>"\x00-\x1f\x7f]')
        s = stop.search(text, end)
        end = s.start() if s else len(text)
        while end > i:
            last = text[end - 1]
            if last in ".,;:!?'*":
                end -= 1
                continue
            pairs = {")": "(", "]": "[", "}": "{"}
            if last in pairs and text[i:end].count(last) > text[i:end].count(pairs[last]):
                end -= 1
                continue
            break
        url = text[i:end]
        last_end = end
        rest = url[m.end() - i:]
        authority = re.match(r"[^/?#\\]*", rest).group(0)
        authority = authority.rsplit("@", 1)[-1]
        if authority.startswith("["):
            host = authority[: authority.index("]") + 1] if "]" in authority else ""
        else:
            host = authority.split(":", 1)[0].rstrip(".")
        host = host.lower()
        if host and {"url": url, "host": host} not in found:
            found.append({"url": url, "host": host})
    return found


def signed_words(text, sign, extra, trailing):
    words = []
    i = 0
    while i < len(text):
        if text[i] != sign or not starts_word(text, i):
            i += 1
            continue
        end = i + 1
        while end < len(text) and (tag_char(text[end]) or text[end] in extra):
            end += 1
        kept = end
        while kept > i + 1 and text[kept - 1] in trailing:
            kept -= 1
        if kept > i + 1:
            words.append(text[i + 1 : kept])
        i = end
    return words


def hashtags(*texts):
    found = []
    for text in texts:
        if text is None:
            continue
        for tag in signed_words(text, "#", "", ""):
            if any(unicodedata.category(c) in LETTER_CATEGORIES for c in tag) and tag not in found:
                found.append(tag)
    return found


def mentions(text):
    found = []
    for handle in signed_words(text, "@", "-.", ".-"):
        if 3 <= len(handle) <= 30 and handle not in found:
            found.append(handle)
    return found


STAMP = re.compile(r"(?:([0-9]{1,2}):)?([0-9]{1,2}):([0-9]{2})(?![0-9])(?!:[0-9])")


def seconds(m):
    hours, minutes, secs = m.group(1), m.group(2), m.group(3)
    if int(secs) >= 60:
        return None
    if hours is not None:
        if len(minutes) != 2 or int(minutes) >= 60:
            return None
        return int(hours) * 3600 + int(minutes) * 60 + int(secs)
    return int(minutes) * 60 + int(secs)


def chapter(line):
    start = re.match(r"[ \t\-–—•*▶►>]*[(\[]?", line).end()
    m = STAMP.match(line, start)
    if m and (m.end() == len(line) or line[m.end()] in " \t)]-–—:|."):
        value = seconds(m)
        if value is not None:
            title = line[m.end():].lstrip(" \t)]-–—:|.").strip()
            return value, title
    body = re.sub(r"[ \t]+$", "", line)
    if body.endswith(")") or body.endswith("]"):
        body = body[:-1]
    tail = re.search(r"[0-9:]+$", body)
    if not tail:
        return None
    first = tail.start()
    if first > 0 and body[first - 1] not in " \t([":
        return None
    m = STAMP.fullmatch(body, first)
    if not m:
        return None
    value = seconds(m)
    if value is None:
        return None
    title = body[:first].rstrip(" \t)]-–—:|.([").strip()
    return value, title


def chapters(description, duration):
    if description is None or ":" not in description:
        return None
    found = []
    for line in re.split(r"[\r\n]+", description):
        if not line:
            continue
        parsed = chapter(line)
        if parsed is None:
            continue
        if not found and parsed[0] != 0:
            continue
        found.append({"start": parsed[0], "title": parsed[1]})
    if len(found) < 3:
        return None
    if any(b["start"] - a["start"] < 10 for a, b in zip(found, found[1:])):
        return None
    if duration and duration > 0 and duration - found[-1]["start"] < 10:
        return None
    return found


def lines(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def expected(record):
    if "videoId" in record and "embedURL" in record:
        description = record["description"]
        return {
            "urls": None if description is None else links(description),
            "hashtags": None if description is None and record["title"] is None else hashtags(record["title"], description),
            "mentions": None if description is None else mentions(description),
            "chapters": chapters(description, record.get("durationSeconds")),
        }
    if "channelId" in record and "uploadsPlaylistId" in record:
        description = record["description"]
        return {
            "urls": None if description is None else links(description),
            "hashtags": None if description is None and record["title"] is None else hashtags(record["title"], description),
            "mentions": None if description is None else mentions(description),
        }
    if "commentId" in record:
        text = record["text"]
        return {
            "urls": None if text is None else links(text),
            "hashtags": None if text is None else hashtags(text),
        }
    return None


def main():
    checked = {"records": 0, "urls": 0, "hashtags": 0, "mentions": 0, "chapters": 0}
    mismatches = []
    for path in sys.argv[1:]:
        for record in lines(path):
            want = expected(record)
            if want is None:
                continue
            checked["records"] += 1
            for field, value in want.items():
                if value:
                    checked[field] += 1
                if record.get(field) != value and len(mismatches) < 10:
                    mismatches.append({"path": path, "field": field, "expected": value, "found": record.get(field)})
    print(json.dumps({"checked": checked, "mismatches": mismatches}, ensure_ascii=False))
    sys.exit(1 if mismatches else 0)


main()
