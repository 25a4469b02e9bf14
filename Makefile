# Four Winds. `make run` opens the app; `make test` runs every check and test.
GO ?= go
GOBIN ?= $(shell $(GO) env GOPATH)/bin
STATICCHECK_VERSION := v0.6.1
STATICCHECK := $(GOBIN)/staticcheck
RULES ?= hongkong

# The Fyne app's desktop build needs cgo, OpenGL and X11 headers; the
# checks and tests build headless with Fyne's software driver (-tags ci,
# no cgo) so that they need none of them.
GUI_PACKAGES := gcc libgl1-mesa-dev xorg-dev
HEADLESS := CGO_ENABLED=0
TAGS := -tags ci
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run play gui-deps test lint vet fmt-check staticcheck unit race bench build netdeps screenshots

## run: build and open the app (installs the GUI build packages when missing)
run: gui-deps
	$(GO) run .

## play: play a game in the terminal
play:
	$(GO) run ./cmd/fourwinds play --rules $(RULES)

gui-deps:
	@missing=""; for p in $(GUI_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing$$missing"; \
		$(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; fi

## screenshots: the main screens at phone, tablet and desktop sizes, English and French
screenshots:
	FOURWINDS_SCREENSHOTS=$(CURDIR)/screenshots $(HEADLESS) $(GO) test $(TAGS) -count=1 -run '^TestScreenshots$$' ./ui/
	FOURWINDS_SCREENSHOTS=$(CURDIR)/screenshots/shared $(HEADLESS) $(GO) test $(TAGS) -count=1 -run '^TestSharedScreenshots$$' ./internal/netui/

## test: formatting, vet, staticcheck, then every test, then the live table, the p2p layer and the app's screens under the race detector
test: lint unit race

lint: fmt-check vet staticcheck

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(HEADLESS) $(GO) vet $(TAGS) ./...

$(STATICCHECK):
	$(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

staticcheck: $(STATICCHECK)
	$(HEADLESS) $(STATICCHECK) $(TAGS) ./...

unit: netdeps
	$(HEADLESS) $(GO) test $(TAGS) -count=1 -timeout 15m ./...

## netdeps: the ip command the real-network test (network namespaces, root) needs
netdeps:
	@command -v ip >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq iproute2; \
		else echo "ip (iproute2) is missing and this is not root: the real-network test will skip"; fi; }

## race: the live table, the p2p layer and the app's screens under the race detector (needs cgo and a C compiler)
race:
	@command -v gcc >/dev/null 2>&1 || { apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev; }
	CGO_ENABLED=1 $(GO) test $(TAGS) -race -count=1 -timeout 15m ./core/table/... ./p2p/... ./ui/...

## bench: the performance figures recorded in the README
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/...
	$(HEADLESS) $(GO) test $(TAGS) -run '^$$' -bench . -benchtime 20x ./ui/

build:
	CGO_ENABLED=0 $(GO) build -o bin/fourwinds ./cmd/fourwinds
