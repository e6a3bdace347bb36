#ifndef YTCRAWL_CBUILDINFO_H
#define YTCRAWL_CBUILDINFO_H

/// The commit the binary was built from (`git describe`-like: a short hash, `-dirty` when the
/// tree had changes), or "unknown" for a plain `swift build` (see Package.swift).
const char *_Nonnull ytcrawl_build_commit(void);

/// The UTC day the binary was built (YYYY-MM-DD), or "unknown".
const char *_Nonnull ytcrawl_build_date(void);

#endif
