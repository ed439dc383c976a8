# Bitview: `make serve` builds the page and serves it; `make test` runs every test.
GOROOT_WASM := $(shell go env GOROOT)/lib/wasm
GO_SOURCES  := $(shell find core wasm -name '*.go') go.mod go.sum
ADDR        ?= 127.0.0.1:8080

.PHONY: wasm serve test vet fuzz bench measure dist clean browser

wasm: web/bitview.wasm web/wasm_exec.js

web/bitview.wasm: $(GO_SOURCES)
	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o $@ ./wasm

web/wasm_exec.js: $(GOROOT_WASM)/wasm_exec.js
	cp $< $@

serve: wasm
	go run serve.go -addr $(ADDR) -dir web

test: vet wasm browser
	go test -count=1 ./core/... ./wasm/view/...
	GOOS=js GOARCH=wasm go test -count=1 -exec="$(GOROOT_WASM)/go_js_wasm_exec" ./wasm/...
	node --test wasm/
	go test -count=1 .

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
	for d in core $$(ls -d core/*/); do d=$${d%/}; \
		for f in $$(grep -ho '^func Fuzz[A-Za-z0-9]*' $$d/*_test.go 2>/dev/null | cut -c6-); do \
			go test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 3s ./$$d || exit 1; done; done

bench:
	go test -run '^$$' -bench . -benchmem -count 6 ./core

# Start-up time in headless Chromium against two baselines (see startup_test.go).
measure: dist browser
	BITVIEW_MEASURE=1 go test -count=1 -run TestMeasureStartup -v . | grep -E 'median|ok|FAIL'

# dist/: the static site, with precompressed .br and .gz beside each text file.
dist: wasm
	@command -v brotli >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y brotli; }
	rm -rf dist && mkdir -p dist && cp -r web/. dist/
	find dist -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.html' -o -name '*.css' -o -name '*.svg' \) \
		-exec gzip -9 -k -n {} \; -exec brotli -q 11 -k {} \;

clean:
	rm -rf web/bitview.wasm web/wasm_exec.js dist
