# Four Winds. `make run` plays; `make test` runs every check and test.
GO ?= go
GOBIN ?= $(shell $(GO) env GOPATH)/bin
STATICCHECK_VERSION := v0.6.1
STATICCHECK := $(GOBIN)/staticcheck
RULES ?= hongkong

.PHONY: run test lint vet fmt-check staticcheck unit bench build netdeps

## run: play a game in the terminal (RULES=classical, hongkong, french, jilin or american; the Fyne app replaces this when it lands)
run:
	$(GO) run ./cmd/fourwinds play --rules $(RULES)

## test: formatting, vet, staticcheck, then every test
test: lint unit

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

## bench: the performance figures recorded in the README
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/...

build:
	CGO_ENABLED=0 $(GO) build -o bin/fourwinds ./cmd/fourwinds
