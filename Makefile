# make run      install build dependencies, build (release) and start the keyboard: in a Wayland
#               session there (ARGS: its options); elsewhere the headless demo (scripts/demo);
#               ARGS=--nested: sway in a window of your session, with tapboard inside
# make test     install test dependencies, build, check protocols, run every test (unit tests also
#               under the address sanitizer), then the Debian 13 tier (scripts/debian13, as root),
#               the Debian package in Debian 12 and 13 roots (make deb, scripts/test-package), fuzz each
#               target for 20 s
# make check    the fast tier while working: the formatter's lint (.swift-format), then builds the
#               tests and runs all but the compositor suites (unit, render and command-line
#               tests); no apt-get, no release build
# make format   rewrites Sources, Tests and Fuzz in the style .swift-format sets
# make bench    tapboard beside wvkbd and squeekboard in one headless session
# make install  PREFIX=/usr/local [DESTDIR=...]: binary, layouts and panel pictures, dictionaries,
#               example themes, translations, man page, systemd user unit, desktop entries, the guide
#               (README and docs/ under share/doc/tapboard); make uninstall removes them (same PREFIX and DESTDIR)
# make deb      the Debian package .build/deb/tapboard_VERSION_amd64.deb (dpkg-buildpackage: the release build,
#               reused when there is one, and what install-files installs, PREFIX=/usr), then lintian on it
#               (errors and warnings fail; debian/tapboard.lintian-overrides says why for what is left)
PREFIX ?= /usr/local
SWIFT ?= swift
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/tapboard
MANDIR = $(PREFIX)/share/man/man1
UNITDIR = $(PREFIX)/lib/systemd/user
APPDIR = $(PREFIX)/share/applications
LOCALEDIR = $(PREFIX)/share/locale
DOCDIR = $(PREFIX)/share/doc/tapboard
# The translations (po/LANG.po), compiled by scripts/make-mo into .build/locale.
LANGS = $(basename $(notdir $(wildcard po/*.po)))
MOFILES = $(foreach l,$(LANGS),$(l)/LC_MESSAGES/tapboard.mo)
# The version lives in Sources/TapboardSystem/Options.swift.
VERSION = $(shell sed -n 's/^public let tapboardVersion = "\(.*\)"$$/\1/p' Sources/TapboardSystem/Options.swift)
SUBST = sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@VERSION@|$(VERSION)|g'
DICTS = $(wildcard dictionaries/*.tbd dictionaries/*-emoji.tsv) dictionaries/LICENSE dictionaries/README.md
# Pictures of the shipped panels, in a folder per panel beside its layout file.
IMAGES = $(wildcard layouts/*/*.svg layouts/*/*.png)
IMAGEDIRS = $(sort $(dir $(IMAGES)))
DESKTOP = tapboard.desktop sm.puri.OSK0.desktop tapboard-kwin.desktop
# The built-in themes as files to copy and change.
THEMES = $(wildcard data/themes/*.theme)
# The user's guide: the README and the pages it links, kept side by side so that their links work.
GUIDE = $(wildcard docs/*.md docs/*.png)

.PHONY: deps build release run test check format bench install install-files uninstall deb clean

deps:
	scripts/install-deps build

build: deps
	$(SWIFT) build
	scripts/make-mo

# The standard library linked in statically: less to map at start-up, less memory.
release: deps
	$(SWIFT) build -c release --product tapboard --static-swift-stdlib
	scripts/make-mo

run: release
	$(SWIFT) build --product tapboard-tap
	scripts/demo $(ARGS)

# End-to-end tests drive the release binary, the one users run.
test:
	scripts/install-deps test
	$(SWIFT) format lint --strict --parallel --recursive Sources Tests Fuzz
	scripts/generate-protocols --check
	scripts/folder-cycles >/dev/null
	scripts/build-pairs --check
	scripts/build-triples --check
	scripts/build-known --check
	scripts/build-emoji-names --check
	scripts/build-zh-follow-on --check
	scripts/make-pot --check
	$(SWIFT) build -c release --product tapboard --static-swift-stdlib
	scripts/make-typing-order --check .build/release/tapboard
	$(SWIFT) build --build-tests
	TAPBOARD_BIN=$(CURDIR)/.build/release/tapboard $(SWIFT) test --skip-build
	# The bench's log reader on both libwayland forms; the Debian 13 tier (root made once, reused).
	scripts/bench --self-check
	SWIFT=$(SWIFT) scripts/debian13
	# The Debian package, installed, used and removed in clean Debian 12 and 13 roots.
	$(MAKE) --no-print-directory deb
	scripts/test-package $(DEB)
	# Unit tests again under the address sanitizer (own build path), then each fuzz target briefly.
	$(SWIFT) build --build-tests --sanitize=address --build-path .build/asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt $(SWIFT) test --skip-build \
		--sanitize=address --build-path .build/asan --filter 'TapboardCoreTests\.|TapboardWaylandTests\.'
	SWIFTC=$(SWIFT)c scripts/fuzz 20

# Everything outside the serialized EndToEnd suite, which starts compositors and apps.
check:
	$(SWIFT) format lint --strict --parallel --recursive Sources Tests Fuzz
	scripts/folder-cycles >/dev/null
	scripts/make-pot --check
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip 'EndToEndTests\.EndToEnd/'

format:
	$(SWIFT) format format --in-place --parallel --recursive Sources Tests Fuzz

bench: release
	scripts/install-deps bench
	scripts/bench
	scripts/bench-suggest
	scripts/bench-korean

install: release
	$(MAKE) --no-print-directory install-files

# Installs the binary already built (BIN), without building. Files with @BINDIR@ and
# @VERSION@ are filled in under .build/dist, then installed: install replaces a symlink (Debian's
# sm.puri.OSK0.desktop alternative) where a redirection would write through it.
BIN = .build/release/tapboard
install-files:
	test -x $(BIN) || { echo "no $(BIN): run make install" >&2; exit 1; }
	install -Dm755 $(BIN) $(DESTDIR)$(BINDIR)/tapboard
	install -d $(DESTDIR)$(DATADIR)/layouts $(DESTDIR)$(DATADIR)/dictionaries
	install -m644 layouts/*.json $(DESTDIR)$(DATADIR)/layouts/
	for f in $(IMAGES); do install -Dm644 $$f $(DESTDIR)$(DATADIR)/$$f || exit 1; done
	install -m644 $(DICTS) $(DESTDIR)$(DATADIR)/dictionaries/
	install -d $(DESTDIR)$(DATADIR)/themes
	install -m644 $(THEMES) $(DESTDIR)$(DATADIR)/themes/
	scripts/make-mo
	for f in $(MOFILES); do install -Dm644 .build/locale/$$f $(DESTDIR)$(LOCALEDIR)/$$f || exit 1; done
	mkdir -p .build/dist
	for f in tapboard.1 tapboard.service $(DESKTOP); do $(SUBST) data/$$f > .build/dist/$$f || exit 1; done
	install -Dm644 .build/dist/tapboard.1 $(DESTDIR)$(MANDIR)/tapboard.1
	install -Dm644 .build/dist/tapboard.service $(DESTDIR)$(UNITDIR)/tapboard.service
	install -d $(DESTDIR)$(APPDIR)
	install -m644 $(addprefix .build/dist/,$(DESKTOP)) $(DESTDIR)$(APPDIR)/
	install -Dm644 README.md $(DESTDIR)$(DOCDIR)/README.md
	install -d $(DESTDIR)$(DOCDIR)/docs
	install -m644 $(GUIDE) $(DESTDIR)$(DOCDIR)/docs/

# Removes what install-files put there, and the directories it made under share/tapboard.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/tapboard $(DESTDIR)$(MANDIR)/tapboard.1 $(DESTDIR)$(UNITDIR)/tapboard.service \
		$(addprefix $(DESTDIR)$(APPDIR)/,$(DESKTOP)) \
		$(addprefix $(DESTDIR)$(DATADIR)/layouts/,$(notdir $(wildcard layouts/*.json))) \
		$(addprefix $(DESTDIR)$(DATADIR)/,$(IMAGES)) \
		$(addprefix $(DESTDIR)$(DATADIR)/dictionaries/,$(notdir $(DICTS))) \
		$(addprefix $(DESTDIR)$(DATADIR)/themes/,$(notdir $(THEMES))) \
		$(addprefix $(DESTDIR)$(LOCALEDIR)/,$(MOFILES)) \
		$(DESTDIR)$(DOCDIR)/README.md $(addprefix $(DESTDIR)$(DOCDIR)/,$(GUIDE))
	for d in $(addprefix $(DESTDIR)$(DATADIR)/,$(IMAGEDIRS)) \
		$(DESTDIR)$(DATADIR)/layouts $(DESTDIR)$(DATADIR)/dictionaries $(DESTDIR)$(DATADIR)/themes $(DESTDIR)$(DATADIR) \
		$(DESTDIR)$(DOCDIR)/docs $(DESTDIR)$(DOCDIR); do \
		[ ! -d $$d ] || rmdir --ignore-fail-on-non-empty $$d || exit 1; done

# dpkg-buildpackage writes into DEBDIR, not the parent directory (debian/rules: TAPBOARD_DEB_DIR).
DEBDIR = .build/deb
DEB = $(DEBDIR)/tapboard_$(VERSION)_amd64.deb
deb:
	scripts/install-deps deb
	test "$$(dpkg-parsechangelog -S Version)" = "$(VERSION)" \
		|| { echo "debian/changelog's version is not $(VERSION) (Sources/TapboardSystem/Options.swift)" >&2; exit 1; }
	mkdir -p $(DEBDIR)
	TAPBOARD_DEB_DIR=$(DEBDIR) SWIFT=$(SWIFT) dpkg-buildpackage -us -uc -b \
		--buildinfo-option=-u$(DEBDIR) --buildinfo-file=$(DEBDIR)/tapboard_$(VERSION)_amd64.buildinfo \
		--changes-option=-u$(DEBDIR) --changes-file=$(DEBDIR)/tapboard_$(VERSION)_amd64.changes
	lintian --info --fail-on error,warning $(DEB)
	@echo "deb: $(DEB)"

clean:
	rm -rf .build
