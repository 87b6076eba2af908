# make run      install build dependencies, build (release) and start the keyboard
# make test     install test dependencies, build, check protocols, run every test (unit tests also
#               under the address sanitizer), fuzz each target for 20 s
# make bench    tapboard beside wvkbd and squeekboard in one headless session
# make install  PREFIX=/usr/local (binary, layouts, dictionaries)
PREFIX ?= /usr/local
SWIFT ?= swift

.PHONY: deps build release run test bench install clean

deps:
	scripts/install-deps build

build: deps
	$(SWIFT) build

# The standard library linked in statically: less to map at start-up, less memory.
release: deps
	$(SWIFT) build -c release --product tapboard --static-swift-stdlib

run: release
	.build/release/tapboard $(ARGS)

# End-to-end tests drive the release binary, the one users run.
test:
	scripts/install-deps test
	scripts/generate-protocols --check
	scripts/build-pairs --check
	$(SWIFT) build -c release --product tapboard --static-swift-stdlib
	$(SWIFT) build --build-tests
	TAPBOARD_BIN=$(CURDIR)/.build/release/tapboard $(SWIFT) test --skip-build
	# Unit tests again under the address sanitizer (own build path), then each fuzz target briefly.
	$(SWIFT) build --build-tests --sanitize=address --build-path .build/asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt $(SWIFT) test --skip-build \
		--sanitize=address --build-path .build/asan --filter 'TapboardCoreTests\.|TapboardWaylandTests\.'
	SWIFTC=$(SWIFT)c scripts/fuzz 20

bench: release
	scripts/install-deps bench
	scripts/bench
	scripts/bench-suggest

install: release
	install -Dm755 .build/release/tapboard $(DESTDIR)$(PREFIX)/bin/tapboard
	install -d $(DESTDIR)$(PREFIX)/share/tapboard/layouts
	install -m644 layouts/*.json $(DESTDIR)$(PREFIX)/share/tapboard/layouts/
	install -d $(DESTDIR)$(PREFIX)/share/tapboard/dictionaries
	install -m644 dictionaries/*.tbd dictionaries/LICENSE dictionaries/README.md $(DESTDIR)$(PREFIX)/share/tapboard/dictionaries/

clean:
	rm -rf .build
