# Bitview: `make serve` builds the page and serves it; `make test` runs every test.
GOROOT_WASM := $(shell go env GOROOT)/lib/wasm
GO_SOURCES  := $(shell find core wasm -name '*.go') go.mod go.sum
ADDR        ?= 127.0.0.1:8080

.PHONY: wasm sizes jscall figures serve check test test-sites screenshots vet lint fuzz bench measure dist npm-package clean needs-node needs-node-chromium needs-test
.PHONY: release release-commands
.DELETE_ON_ERROR:

# wasm/webbuild writes the precompressed siblings and sw-version.js in plain
# Go (a pure-Go brotli encoder, compress/gzip, crypto/sha256): make serve
# needs nothing but Go, make and a POSIX shell. make builds it once, natively,
# into out/; its path is absolute, so that the Makefile also works when run
# from another folder with -f (wasm/browser's TestOfflineVersion does).
REPO     := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
WEBBUILD := $(REPO)/out/webbuild

# Precompressed siblings (X.br, X.gz) are written at build time and served by
# serve.go instead of compressing per request. Measured on the 5.2 MB
# bitview.wasm with wasm/webbuild's encoder (github.com/andybalholm/brotli,
# CPU time on one core): -q 9 0.60 s → 1,181,724 B, -q 10 5.1 s → 1,081,833 B,
# -q 11 9.7 s → 1,045,565 B (at 10 and 11 the very bytes of Debian's brotli
# 1.0.9, which takes 4.0 and 6.7 s; its -q 9 gives 1,188,673 B in 0.49 s;
# Go's gzip at its best 1,425,649 B). make wasm runs in every edit loop, so
# it uses -q 9 for the wasm: 17 % smaller than gzip for less than the go build
# costs; the page's text files (a few KB each, milliseconds at any quality)
# and dist/, what users download, built rarely, use -q 11, the smallest. Each
# sibling gets its source's modification time, which keeps make from redoing
# it and serve.go's freshness rule (whole seconds, not older than the source)
# from refusing it.
BROTLI_WASM := 9
BROTLI_TEXT := 11
BROTLI_DIST := 11

# Every file below web/ a browser downloads as text, and the wasm: each gets
# .br and .gz siblings, so that `make serve` sends what dist/ sends.
# web/bitview-figures/ (tutorial.html's figure files) is left out: the rule of
# web/tutorial.html replaces that folder whole and compresses its files itself.
# web/sites/ (the templates an author copies into a Hugo or Jekyll site) is
# left out too: a .br beside a template would be copied with it.
WEB_GENERATED := web/bitview.wasm web/index.html web/tutorial.html web/wasm_exec.js web/sw-version.js
WEB_SERVED    := $(WEB_GENERATED) $(filter-out $(WEB_GENERATED),$(shell find web \( -path web/bitview-figures -o -path web/sites \) -prune -o -type f \( -name '*.js' -o -name '*.mjs' \
	-o -name '*.html' -o -name '*.css' -o -name '*.svg' -o -name '*.json' \) -print))

wasm: $(WEB_GENERATED) $(WEB_SERVED:=.br) $(WEB_SERVED:=.gz)

# The wasm is built without inlining in the packages whose code draws
# markup, reads options or formats text (ours and the libraries they call):
# there inlining copies string building into every caller, which costs
# download, not speed a person notices. The main package (the wire of the
# JS API), core, core/divide and core/magic (move generation, perft,
# magics), the runtime and the rest of the standard library keep it.
# brotli -q 11 of bitview.wasm: 1,068,091 B with inlining everywhere,
# 990,529 B with these flags (make sizes prints the code per package);
# a perft divide of Kiwipete to depth 4 under Node takes as long.
MODULE         := github.com/bitview/bitview
WASM_NOINLINE  := $(MODULE)/wasm/view $(MODULE)/wasm/model $(MODULE)/core/expr $(MODULE)/core/pgn $(MODULE)/core/dump \
	$(MODULE)/core/repr github.com/norunners/vert honnef.co/go/js/dom/v2 fmt reflect net/url strconv internal/strconv strings
WASM_GCFLAGS   := $(foreach p,$(WASM_NOINLINE),-gcflags=$(p)=-l)

web/bitview.wasm: $(GO_SOURCES)
	GOOS=js GOARCH=wasm go build -trimpath $(WASM_GCFLAGS) -ldflags="-s -w" -o $@ ./wasm

# The code of bitview.wasm per package, from a build with the name section
# that web/bitview.wasm is stripped of (see wasm/webbuild, "sizes").
sizes: | $(WEBBUILD)
	GOOS=js GOARCH=wasm go build -trimpath $(WASM_GCFLAGS) -o out/bitview-named.wasm ./wasm
	$(WEBBUILD) sizes out/bitview-named.wasm

# The page with its default view prerendered by wasm/view, natively (see
# wasm/webpages): the board is on screen before the wasm has downloaded.
web/index.html: wasm/webpages/index.html $(GO_SOURCES)
	go run ./wasm/webpages -o $@ wasm/webpages/index.html

web/wasm_exec.js: $(GOROOT_WASM)/wasm_exec.js
	cp $< $@

$(WEBBUILD): $(filter-out %_test.go,$(wildcard $(REPO)/wasm/webbuild/*.go)) $(REPO)/go.mod $(REPO)/go.sum
	cd $(REPO) && go build -o out/webbuild ./wasm/webbuild

# One run writes both siblings of a file.
web/%.br web/%.gz: web/% | $(WEBBUILD)
	$(WEBBUILD) compress -q $(BROTLI_TEXT) $<
web/bitview.wasm.br web/bitview.wasm.gz: BROTLI_TEXT := $(BROTLI_WASM)

# web/sw-version.js versions the service worker's cache (web/sw.js): the
# SHA-256 of every file below the folder but the compressed siblings and
# itself, and a version that is the hash of that list, so a build that
# changes any file gets a new cache, and the worker downloads only the files
# whose hash changed (see wasm/webbuild). It is remade whenever a file below
# web/ is newer; make dist writes dist/'s own.
web/sw-version.js: web/bitview.wasm web/index.html web/tutorial.html web/wasm_exec.js $(filter-out %.br %.gz %.go web/sw-version.js web/bitview-figures/%,$(shell find web -type f)) | $(WEBBUILD)
	@$(WEBBUILD) sw-version web

# tutorial.html from its source, wasm/webpages/tutorial.html (edit that
# file), with its figures prerendered by the bitview command (see README,
# "Figures without JavaScript"): each element's view in a declarative
# shadow root, and its SVG in bitview-figures/, which this rule writes
# whole (so no figure of an older build is left), with each file's .br and
# .gz. The page is drawn in out/tutorial/ and moved into web/ when done.
TUTORIAL_DEPS := wasm/webpages/tutorial.html $(GO_SOURCES) web/assets.go web/view.css $(wildcard web/pieces/chessnut/*.svg)
web/tutorial.html: $(TUTORIAL_DEPS) | $(WEBBUILD)
	rm -rf out/tutorial && mkdir -p out/tutorial && cp wasm/webpages/tutorial.html out/tutorial/tutorial.html
	go run ./wasm/cmd/bitview prerender -base ./ out/tutorial/tutorial.html >/dev/null
	mkdir -p out/tutorial/bitview-figures && find out/tutorial/bitview-figures -type f -name '*.svg' -exec $(WEBBUILD) compress -q $(BROTLI_TEXT) {} +
	rm -rf web/bitview-figures && mv out/tutorial/bitview-figures web/bitview-figures && mv out/tutorial/tutorial.html $@
figures: web/tutorial.html

serve: wasm
	go run serve.go -addr $(ADDR) -dir web

# The tests, in two tiers. make check, before a commit (a few minutes, no
# browser and no site generator): gofmt and vet, the native tests with
# -short (which skips the generator builds), the wasm main package under
# Node and the JS API's Node tests. make test, everything, as CI runs it:
# the same without -short (Hugo, MkDocs and Jekyll sites), then the
# browser harness and the browser tests (wasm/browser: the page in
# Chromium, what authors embed in Chromium, Firefox and WebKit), in
# parallel, a tab each. The tools each needs beyond Go are checked first.
# The Node tests are named one by one (Node 21 and later take node
# --test's arguments as globs, and a folder as a file: nodejs/node#50219);
# two files at once, as the machine's two cores allow.
NATIVE      = $(shell go list ./... | grep -v -e '/wasm/browser$$' -e '/wasm/browser/browsers$$')
NODE_DEPS   := wasm/node_modules/.package-lock.json
BROWSER_RUN := BITVIEW_BROWSER=1 go test -count=1 -timeout 40m -parallel 4
check: needs-node vet wasm $(NODE_DEPS)
	go test -short -count=1 $(NATIVE)
	GOOS=js GOARCH=wasm go test -count=1 -exec="$(GOROOT_WASM)/go_js_wasm_exec" ./wasm
	node --test --test-concurrency=2 wasm/*.test.mjs

test: needs-test vet wasm $(NODE_DEPS)
	go test -count=1 $(NATIVE)
	GOOS=js GOARCH=wasm go test -count=1 -exec="$(GOROOT_WASM)/go_js_wasm_exec" ./wasm
	node --test --test-concurrency=2 wasm/*.test.mjs
	$(BROWSER_RUN) ./wasm/browser/browsers/ ./wasm/browser/

# The sites tier, which CI runs after make test: the recipes with the
# themes, highlighters, frameworks and slide decks authors use
# (web/sites/README.md), each site built by its tool and looked at in the
# three engines. The tools come from Debian's packages (.ci/run installs
# them) and from the npm registry at the versions the tests' lockfiles pin.
SITES_TESTS := ^(TestSitesThemed|TestSitesNPM|TestDecks)$$
test-sites: needs-test wasm $(NODE_DEPS)
	BITVIEW_SITES=1 $(BROWSER_RUN) -run '$(SITES_TESTS)' ./wasm/browser/

# The browser tests with their screenshots saved in out/screenshots/, to
# look at (make test takes none: each costs the browser a raster and a PNG,
# about 0.15 CPU-seconds a megapixel in Chromium). RUN=Regexp picks tests.
RUN ?= .
screenshots: needs-test wasm $(NODE_DEPS)
	BITVIEW_SCREENSHOTS=1 $(BROWSER_RUN) -run '$(RUN)' ./wasm/browser/

# The tests' Node packages, at the versions wasm/package-lock.json pins
# (npm ci): linkedom (a DOM for the Node and wasm tests of the page and
# mount), axe-core, puppeteer-core (drives Firefox).
$(NODE_DEPS): wasm/package.json wasm/package-lock.json
	cd wasm && npm ci --no-audit --no-fund --loglevel=error

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo 'gofmt: the files above need formatting'; exit 1; }
	go vet ./...
	GOOS=js GOARCH=wasm go vet ./wasm/...

# staticcheck, for the host and for js/wasm, and deadcode: a function is
# dead when neither a main nor a test reaches it, on the host or under
# js/wasm (the wasm's functions are unreachable from the host's mains, the
# library's from the wasm's). CI runs it (.ci/run). Both tools are
# installed at these versions into out/tools by the go command.
TOOLS := $(REPO)/out/tools
$(TOOLS)/staticcheck:
	GOBIN=$(TOOLS) go install honnef.co/go/tools/cmd/staticcheck@v0.8.2
$(TOOLS)/deadcode:
	GOBIN=$(TOOLS) go install golang.org/x/tools/cmd/deadcode@v0.52.0
lint: $(TOOLS)/staticcheck $(TOOLS)/deadcode
	$(TOOLS)/staticcheck ./...
	GOOS=js GOARCH=wasm $(TOOLS)/staticcheck ./wasm/...
	@tmp=$$(mktemp -d) && $(TOOLS)/deadcode -test ./... | sort > $$tmp/host && \
		GOOS=js GOARCH=wasm $(TOOLS)/deadcode -test ./wasm/... | sort > $$tmp/js && comm -12 $$tmp/host $$tmp/js > $$tmp/both; \
		if [ -s $$tmp/both ]; then echo "deadcode: reached by no main and no test, on the host or under js/wasm:"; cat $$tmp/both; rm -rf $$tmp; exit 1; fi; \
		rm -rf $$tmp; echo "deadcode: nothing unreached on both"

# What make test, measure and dist need beyond Go, checked before any work:
# each tool missing from the PATH is named, with how to install it. Node.js
# runs the JS API tests and writes dist/'s npm package; the browser tests
# drive Chromium, Firefox and WebKit (wasm/browser/browsers): Chromium's
# headless shell (chromium-headless-shell: the tests' Chromium, a quarter
# less CPU a page load than chromium; chromium or chromium-browser do
# where there is none), firefox-esr (or firefox), WebKitGTK's WebKitWebDriver,
# and Xvfb, the display WebKit's browser draws on. As root with apt-get (CI:
# a fresh Debian), Debian's packages of the missing browsers are installed
# first, in one apt-get (and the headless shell where only chromium is, in
# one of its own, which fails quietly where no package has that name). $(call need,TOOLS) checks TOOLS, of node, npm,
# chromium, firefox-esr, WebKitWebDriver and Xvfb.
need = has() { case $$1 in chromium) command -v chromium-headless-shell || command -v chrome-headless-shell || command -v chromium || command -v chromium-browser;; \
		firefox-esr) command -v firefox-esr || command -v firefox;; *) command -v $$1;; esac >/dev/null; }; \
	pkgs=; shell=; for c in $(1); do case $$c in chromium) command -v chromium-headless-shell >/dev/null || shell=chromium-headless-shell;; esac; \
		has $$c || case $$c in chromium) pkgs="$$pkgs $$shell"; shell=;; firefox-esr) pkgs="$$pkgs firefox-esr";; \
		WebKitWebDriver) pkgs="$$pkgs webkit2gtk-driver";; Xvfb) pkgs="$$pkgs xvfb";; esac; done; \
	if [ -n "$$pkgs" ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$pkgs || true; fi; \
	if [ -n "$$shell" ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		{ apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$shell; } >/dev/null 2>&1 || true; fi; \
	missing=; for c in $(1); do has $$c || missing="$$missing $$c"; done; \
	test -z "$$missing" || { \
	echo "make $(MAKECMDGOALS) needs what is not on the PATH:$$missing. Install it:"; \
	case "$$missing" in *node*|*npm*) \
		echo "  Node.js (node and npm; tested with Node 20):"; \
		echo "    Debian/Ubuntu: sudo apt-get install nodejs npm"; \
		echo "    Fedora:        sudo dnf install nodejs npm"; \
		echo "    macOS:         brew install node   (or the installer from https://nodejs.org/)";; esac; \
	case "$$missing" in *chromium*) \
		echo "  Chromium (its headless shell, or chromium or chromium-browser):"; \
		echo "    Debian:        sudo apt-get install chromium-headless-shell"; \
		echo "    Ubuntu:        sudo snap install chromium"; \
		echo "    Fedora:        sudo dnf install chromium"; \
		echo "    macOS:         brew install --cask chromium";; esac; \
	case "$$missing" in *firefox-esr*) \
		echo "  Firefox (firefox-esr or firefox; driven over WebDriver BiDi):"; \
		echo "    Debian:        sudo apt-get install firefox-esr"; \
		echo "    Ubuntu:        sudo snap install firefox"; \
		echo "    Fedora:        sudo dnf install firefox"; \
		echo "    macOS:         brew install --cask firefox";; esac; \
	case "$$missing" in *WebKitWebDriver*|*Xvfb*) \
		echo "  WebKit (WebKitGTK's WebKitWebDriver and MiniBrowser, on an Xvfb display; Linux):"; \
		echo "    Debian/Ubuntu: sudo apt-get install webkit2gtk-driver xvfb";; esac; \
	exit 1; } >&2
needs-node:
	@$(call need,node npm)
needs-node-chromium:
	@$(call need,node npm chromium)
needs-test:
	@$(call need,node npm chromium firefox-esr WebKitWebDriver Xvfb)

# The JS API's parseFen and bitboard through the wire (what ships) and
# through plain syscall/js (package wasm/jscallplain, linked with -tags
# jscallplain into out/), against chessops's parseFen, in one Node process
# (wasm/jscall.bench.mjs; chessops is installed into out/jscall-node).
jscall: needs-node wasm
	GOOS=js GOARCH=wasm go build -trimpath -tags jscallplain $(WASM_GCFLAGS) -ldflags="-s -w" -o out/bitview-jscallplain.wasm ./wasm
	test -d out/jscall-node/node_modules/chessops || npm install --no-audit --no-fund --loglevel=error --prefix out/jscall-node chessops@0.15.1
	node wasm/jscall.bench.mjs . out/bitview-jscallplain.wasm out/jscall-node

# Every fuzz target (core's parsers, the dump reader, prerender's page
# reader, the PNG rasteriser …), 30 s each (FUZZTIME=2m make fuzz for longer).
FUZZTIME ?= 30s
fuzz:
	for pkg in $(NATIVE); do dir=$$(go list -f '{{.Dir}}' $$pkg); \
		for f in $$(grep -ho '^func Fuzz[A-Za-z0-9]*' $$dir/*_test.go 2>/dev/null | cut -c6-); do \
			go test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 3s $$pkg || exit 1; done; done

bench:
	go test -run '^$$' -bench . -benchmem -count 6 ./core/...

# Start-up time and N elements in headless Chromium against baselines in the
# same run, where the start-up's time goes (a Chromium trace), the cost of a
# keystroke (to the DOM laid out) and of a game step, the JS API against
# chessops, the wasm's size, perft divides in the Web Worker, offline
# reloads, a 10,000-ply game stepped end to end, then one table of issue
# 24's targets and issue 13's with this run's figures (see
# wasm/browser/startup_test.go, measure_test.go, measure_api_test.go,
# keystroke_test.go, perft_test.go, offline_test.go and limits_test.go);
# BITVIEW_MEASURE_N=3 make measure for fewer cold loads (7 by default).
measure: needs-node-chromium dist
	BITVIEW_MEASURE=1 go test -count=1 -timeout 60m -run 'TestMeasure' -v ./wasm/browser/ | grep -vE '^(=== (RUN|PAUSE|CONT)|--- PASS|PASS$$)'

# dist/: the static site, with precompressed .br and .gz beside each text
# file, made with Go alone (as make serve). It holds no Markdown file, which
# MkDocs would make a page of (web/sites/README.md, the recipes' page, is for
# the repository), and no compressed sibling in sites/ (the templates an
# author copies into a Hugo or Jekyll site).
dist: wasm $(WEBBUILD)
	rm -rf dist && mkdir -p dist && cp -r web/. dist/ && find dist \( -name "*.br" -o -name "*.gz" -o -name "*.go" -o -name "*.md" \) -delete
	cp LICENSE dist/LICENSE
	@$(WEBBUILD) sw-version dist
	find dist -path dist/sites -prune -o -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.mjs' -o -name '*.html' -o -name '*.css' \
		-o -name '*.svg' -o -name '*.json' -o -name '*.txt' \) -exec $(WEBBUILD) compress -q $(BROTLI_DIST) {} +

# The npm package: dist/ with package.json and README.md (wasm/npm-package.mjs),
# in $(NPM_DIR), checked by npm pack --dry-run; run after make dist (make
# release does). Node.js and npm are needed here, not for dist/.
NPM_DIR ?= out/npm
npm-package: needs-node
	@test -f dist/bitview.wasm || { echo 'make npm-package: dist/ has no bitview.wasm: run make dist first' >&2; exit 1; }
	rm -rf $(NPM_DIR) && mkdir -p $(NPM_DIR) && cp -r dist/. $(NPM_DIR)/
	node wasm/npm-package.mjs $(NPM_DIR)
	cd $(NPM_DIR) && npm pack --dry-run >/dev/null

# make release: the tests, dist/, the npm tarball in out/release/, and the
# tarball's check (wasm/browser's TestReleaseTarball: npm installs it into
# an empty folder, one origin serves the package and a page on another
# draws a figure from it), then the commands that publish it. The version
# is wasm/version's, the one place it is written (see CONTRIBUTING.md).
VERSION     = $(shell sed -n 's/^const Version = "\(.*\)"$$/\1/p' $(REPO)/wasm/version/version.go)
RELEASE_DIR = out/release
release: test dist
	$(MAKE) npm-package
	rm -rf $(RELEASE_DIR) && mkdir -p $(RELEASE_DIR)
	cd $(NPM_DIR) && npm pack --pack-destination $(REPO)/$(RELEASE_DIR) --loglevel=error
	BITVIEW_TARBALL=$(REPO)/$(RELEASE_DIR)/bitview-$(VERSION).tgz go test -count=1 -run '^TestReleaseTarball$$' -v ./wasm/browser/
	@echo; echo "bitview $(VERSION) is ready: $(RELEASE_DIR)/bitview-$(VERSION).tgz ($$(wc -c < $(RELEASE_DIR)/bitview-$(VERSION).tgz) bytes). To publish it:"; echo
	@$(MAKE) -s release-commands

# The commands that publish a release (CONTRIBUTING.md quotes them; the README test checks it).
release-commands:
	@echo "npm publish $(RELEASE_DIR)/bitview-$(VERSION).tgz"
	@echo "git tag -a v$(VERSION) -m 'Bitview $(VERSION)' && git push origin v$(VERSION)"

clean:
	rm -rf web/bitview.wasm web/index.html web/tutorial.html web/bitview-figures web/wasm_exec.js web/sw-version.js dist out/tutorial $(WEBBUILD)
	find web \( -name '*.br' -o -name '*.gz' \) -type f -exec rm -f {} +
