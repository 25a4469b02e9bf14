# Four Winds. `make run` plays; `make test` runs every check and test.
GO ?= go
GOBIN ?= $(shell $(GO) env GOPATH)/bin
STATICCHECK_VERSION := v0.6.1
STATICCHECK := $(GOBIN)/staticcheck
RULES ?= hongkong

.PHONY: run test lint vet fmt-check staticcheck unit race bench build netdeps

## run: play a game in the terminal (the Fyne app replaces this when it lands)
run:
	$(GO) run ./cmd/fourwinds play --rules $(RULES)

## test: formatting, vet, staticcheck, then every test, then the live table under the race detector
test: lint unit race

lint: fmt-check vet staticcheck

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

$(STATICCHECK):
	$(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

staticcheck: $(STATICCHECK)
	$(STATICCHECK) ./...

unit: netdeps
	CGO_ENABLED=0 $(GO) test -count=1 -timeout 15m ./...

## netdeps: the ip command the real-network test (network namespaces, root) needs
netdeps:
	@command -v ip >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq iproute2; \
		else echo "ip (iproute2) is missing and this is not root: the real-network test will skip"; fi; }

## race: the live table and the p2p layer under the race detector (needs cgo and a C compiler)
race:
	@command -v gcc >/dev/null 2>&1 || { apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev; }
	CGO_ENABLED=1 $(GO) test -race -count=1 -timeout 15m ./core/table/... ./p2p/...

## bench: the performance figures recorded in the README
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/...

build:
	CGO_ENABLED=0 $(GO) build -o bin/fourwinds ./cmd/fourwinds
