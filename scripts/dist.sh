#!/usr/bin/env bash
# make dist: a release build of ytcrawl with the Swift standard library, Foundation and Dispatch
# linked statically (so no Swift toolchain is needed to run it), then
#   dist/ytcrawl-VERSION-linux-MACHINE.tar.gz   the binary, ytcrawl.1, completions, LICENSE, README
#   dist/ytcrawl_VERSION_ARCH.deb               /usr/bin/ytcrawl, the man page, bash/zsh/fish
#                                               completions; Depends: the libraries it links
# The commit and the day of the build reach `ytcrawl --version` through the build's environment
# (Package.swift's buildInfoDefines). The build has its own scratch path, so it neither disturbs
# nor is disturbed by the test build in .build/.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"

version="$(sed -n 's/^ *static let version = "\(.*\)"$/\1/p' Sources/ytcrawl/Support/ToolInfo.swift)"
[ -n "$version" ] || { echo "dist: no version in Sources/ytcrawl/Support/ToolInfo.swift" >&2; exit 1; }
machine="$(uname -m)"
arch="$(dpkg --print-architecture)"

# The commit (with -dirty when tracked files changed) and the UTC day; SOURCE_DATE_EPOCH wins.
YTCRAWL_BUILD_COMMIT="unknown"
if git rev-parse --git-dir >/dev/null 2>&1; then
  YTCRAWL_BUILD_COMMIT="$(git rev-parse --short=12 HEAD)"
  [ -z "$(git status --porcelain --untracked-files=no)" ] || YTCRAWL_BUILD_COMMIT+="-dirty"
fi
YTCRAWL_BUILD_DATE="$(date -u ${SOURCE_DATE_EPOCH:+-d "@$SOURCE_DATE_EPOCH"} +%F)"
export YTCRAWL_BUILD_COMMIT YTCRAWL_BUILD_DATE

scratch=.build/dist
nice "$SWIFT" build -c release --static-swift-stdlib --product ytcrawl --scratch-path "$scratch" \
  -Xswiftc -warnings-as-errors
built="$scratch/release/ytcrawl"

# No Swift runtime may be linked dynamically: the binary must run where no toolchain is.
if ldd "$built" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|lib_FoundationICU'; then
  echo "dist: $built links a Swift runtime library dynamically (above)" >&2
  exit 1
fi

name="ytcrawl-$version-linux-$machine"
stage="dist/$name"
rm -rf "$stage" dist/ytcrawl-*.tar.gz dist/ytcrawl_*.deb
mkdir -p "$stage/completions"
install -m 0755 "$built" "$stage/ytcrawl"
strip "$stage/ytcrawl"
"$stage/ytcrawl" manpage >"$stage/ytcrawl.1"
"$stage/ytcrawl" completions bash >"$stage/completions/ytcrawl.bash"
"$stage/ytcrawl" completions zsh >"$stage/completions/_ytcrawl"
"$stage/ytcrawl" completions fish >"$stage/completions/ytcrawl.fish"
install -m 0644 LICENSE "$stage/LICENSE"
cat >"$stage/README" <<README
ytcrawl $version: harvest YouTube Data API v3 metadata at scale, with an offline API emulator.

This is a self-contained build for Linux ($machine): the Swift runtime is linked in; it needs
libcurl (Debian/Ubuntu: libcurl4), zlib (zlib1g) and SQLite (libsqlite3-0) only.

Install:
  sudo install -m 0755 ytcrawl /usr/local/bin/ytcrawl
  sudo install -D -m 0644 ytcrawl.1 /usr/local/share/man/man1/ytcrawl.1
  completions/ytcrawl.bash  -> /usr/share/bash-completion/completions/ytcrawl
  completions/_ytcrawl      -> a directory of zsh's \$fpath
  completions/ytcrawl.fish  -> ~/.config/fish/completions/ytcrawl.fish

Try it without an API key (the built-in emulator):
  printf 'search programming maxPages=2\n' > seeds.txt
  ytcrawl --seeds seeds.txt --budget 2000 --emulator --out ytcrawl-out
  ytcrawl verify ytcrawl-out

ytcrawl --help lists the commands; man ytcrawl describes every option. License: MIT (LICENSE).
README
tar -C dist --owner=0 --group=0 --numeric-owner -czf "dist/$name.tar.gz" "$name"

# The Debian package: Depends from the libraries the binary links (dpkg-shlibdeps reads its
# NEEDED entries, finds each library's package with dpkg -S and its minimum version).
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
chmod 0755 "$root"
install -D -m 0755 "$stage/ytcrawl" "$root/usr/bin/ytcrawl"
install -d "$root/usr/share/man/man1"
gzip -9n <"$stage/ytcrawl.1" >"$root/usr/share/man/man1/ytcrawl.1.gz"
install -D -m 0644 "$stage/completions/ytcrawl.bash" "$root/usr/share/bash-completion/completions/ytcrawl"
install -D -m 0644 "$stage/completions/_ytcrawl" "$root/usr/share/zsh/vendor-completions/_ytcrawl"
install -D -m 0644 "$stage/completions/ytcrawl.fish" "$root/usr/share/fish/vendor_completions.d/ytcrawl.fish"
install -D -m 0644 LICENSE "$root/usr/share/doc/ytcrawl/copyright"
install -m 0644 "$stage/README" "$root/usr/share/doc/ytcrawl/README"
mkdir -p "$root/debian" "$root/DEBIAN"
printf 'Source: ytcrawl\n\nPackage: ytcrawl\nArchitecture: any\n' >"$root/debian/control"
depends="$(cd "$root" && dpkg-shlibdeps -O usr/bin/ytcrawl 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
rm -r "$root/debian"
[ -n "$depends" ] || { echo "dist: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
cat >"$root/DEBIAN/control" <<CONTROL
Package: ytcrawl
Version: $version
Architecture: $arch
Maintainer: ${DEB_MAINTAINER:-the ytcrawl authors <maintainers@ytcrawl.invalid>}
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: net
Priority: optional
Description: harvest YouTube Data API v3 metadata at scale
 ytcrawl crawls the YouTube Data API v3 from seeds (searches, channels, playlists, videos)
 within a quota budget into gzip JSON-lines shards with a manifest, and ships an offline
 emulator of the API. Statically linked Swift runtime.
CONTROL
dpkg-deb --root-owner-group --build "$root" "dist/ytcrawl_${version}_${arch}.deb" >/dev/null

echo "dist/$name.tar.gz"
echo "dist/ytcrawl_${version}_${arch}.deb (Depends: $depends)"
