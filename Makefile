# Bitview: `make serve` builds the page and serves it; `make test` runs every test.
GOROOT_WASM := $(shell go env GOROOT)/lib/wasm
GO_SOURCES  := $(shell find core wasm -name '*.go') go.mod go.sum
ADDR        ?= 127.0.0.1:8080

.PHONY: wasm serve test vet fuzz bench measure dist clean browser
.DELETE_ON_ERROR:

# Precompressed siblings (X.br, X.gz) are written at build time and served by
# serve.go instead of compressing per request. Measured on the 4.3 MB
# bitview.wasm (one core): brotli -q 9 0.45 s → 1,005,138 B, -q 10 3.7 s →
# 917,731 B, -q 11 6.8 s → 890,008 B (gzip -9 0.7 s → 1,185,538 B). make wasm
# runs in every edit loop, so it uses -q 9: 15 % smaller than gzip for less
# than the go build costs; dist/ is what users download, built rarely, so it
# uses -q 11, the smallest. Each sibling gets its source's modification time
# (touch -r), which keeps make from redoing it and serve.go's freshness rule
# (whole seconds, not older than the source) from refusing it.
BROTLI_WASM := 9
BROTLI_DIST := 11
NEED_BROTLI := command -v brotli >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y brotli; }

wasm: web/bitview.wasm web/wasm_exec.js \
	web/bitview.wasm.br web/bitview.wasm.gz web/wasm_exec.js.br web/wasm_exec.js.gz

web/bitview.wasm: $(GO_SOURCES)
	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o $@ ./wasm

web/wasm_exec.js: $(GOROOT_WASM)/wasm_exec.js
	cp $< $@

web/%.br: web/%
	@$(NEED_BROTLI)
	brotli -q $(BROTLI_WASM) -f -o $@ $< && touch -r $< $@

web/%.gz: web/%
	gzip -9 -n -c $< > $@ && touch -r $< $@

serve: wasm
	go run serve.go -addr $(ADDR) -dir web

# Each suite once: core and wasm/view natively, the wasm main package under
# Node, the JS API tests, the server, then the page in Chromium.
test: vet wasm browser
	go test -count=1 ./core/... ./wasm/view/...
	GOOS=js GOARCH=wasm go test -count=1 -exec="$(GOROOT_WASM)/go_js_wasm_exec" ./wasm
	cd wasm && npm install --no-audit --no-fund --loglevel=error   # linkedom, a DOM for the Node tests of mount
	node --test wasm/
	go test -count=1 .
	go test -count=1 ./wasm/browser/

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo 'gofmt: the files above need formatting'; exit 1; }
	go vet ./...
	GOOS=js GOARCH=wasm go vet ./wasm/...

# Debian's Chromium for the browser tests, installed when missing (as root).
browser:
	@command -v chromium >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }

# Every fuzz target of core and its packages, 30 s each (FUZZTIME=2m make fuzz for longer).
FUZZTIME ?= 30s
fuzz:
	for pkg in $$(go list ./core/...); do dir=$$(go list -f '{{.Dir}}' $$pkg); \
		for f in $$(grep -ho '^func Fuzz[A-Za-z0-9]*' $$dir/*_test.go 2>/dev/null | cut -c6-); do \
			go test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 3s $$pkg || exit 1; done; done

bench:
	go test -run '^$$' -bench . -benchmem -count 6 ./core/...

# Start-up time and N elements in headless Chromium against baselines in the
# same run, the cost of a keystroke and of a game step, then the issue's targets
# (see wasm/browser/startup_test.go, measure_test.go and keystroke_test.go);
# BITVIEW_MEASURE_N=3 make measure for fewer cold loads (7 by default).
measure: dist browser
	BITVIEW_MEASURE=1 go test -count=1 -timeout 30m -run 'TestMeasure' -v ./wasm/browser/ | grep -vE '^(=== (RUN|PAUSE|CONT)|--- PASS|PASS$$)'

# dist/: the static site, with precompressed .br and .gz beside each text file; also an npm package.
dist: wasm
	@$(NEED_BROTLI)
	rm -rf dist && mkdir -p dist && cp -r web/. dist/ && rm -f dist/*.br dist/*.gz
	node wasm/npm-package.mjs dist   # dist/package.json, LICENSE, README.md: dist/ is also the npm package
	cd dist && npm pack --dry-run >/dev/null
	find dist -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.mjs' -o -name '*.html' -o -name '*.css' \
		-o -name '*.svg' -o -name '*.json' -o -name '*.txt' -o -name '*.md' \) -print0 | \
		xargs -0 -I{} sh -c 'gzip -9 -n -k "$$1" && brotli -q $(BROTLI_DIST) -k "$$1" && touch -r "$$1" "$$1.gz" "$$1.br"' - {}

clean:
	rm -rf web/bitview.wasm web/wasm_exec.js web/*.br web/*.gz dist
