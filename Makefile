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
MOBILE_PACKAGES := libegl-dev libgles-dev
HEADLESS := CGO_ENABLED=0
TAGS := -tags ci
# The app's builds leave out Fyne's colour emoji font (no_emoji): 4 MB of
# binary, parsed again for every text style (README, "The app" figures).
APP_TAGS := no_emoji
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run run-mobile play gui-deps test lint vet fmt-check staticcheck unit race bench build screenshots netdeps

## run: build and open the app (installs the GUI build packages when missing)
run: gui-deps
	$(GO) run -tags $(APP_TAGS) .

## run-mobile: open the app under Fyne's phone simulation (-tags mobile: touch, the phone
## theme and sizes; x/mobile's X11 driver, which needs EGL and GLES headers too)
run-mobile:
	$(MAKE) gui-deps GUI_PACKAGES="$(GUI_PACKAGES) $(MOBILE_PACKAGES)"
	CGO_ENABLED=1 $(GO) run -tags $(APP_TAGS),mobile .

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
	FOURWINDS_SCREENSHOTS=$(CURDIR)/screenshots/shared $(HEADLESS) $(GO) test $(TAGS) -count=1 -run '^(TestSharedScreenshots|TestHostPlaysToo|TestHostHandsOver|TestAJoinedCentreShowsTheDealVerified)$$' ./internal/netui/

## test: formatting, vet, staticcheck, every test, the live table and the network under the race detector, then the packaging checks
test: lint unit race packaging-check

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

## race: the live table's, the network's and the app screens' goroutines under the race detector (needs cgo and a C compiler)
race:
	@command -v gcc >/dev/null 2>&1 || { apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev; }
	CGO_ENABLED=1 $(GO) test $(TAGS) -race -count=1 -timeout 15m ./core/table/... ./p2p/... ./ui/...

## bench: the performance figures recorded in the README
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/...
	$(HEADLESS) $(GO) test $(TAGS) -run '^$$' -bench . -benchtime 20x ./ui/

build:
	CGO_ENABLED=0 $(GO) build -o bin/fourwinds ./cmd/fourwinds

# ---- Packaging: desktop releases, Android, iOS, the gobind check (README "Packaging") ----
.PHONY: packaging-check android-check gobind-check release-check desktop-tools xvfb starts thread-check memory dist android ios art store-screenshots

# Debian packages that validate the Linux desktop entry and AppStream metainfo.
DESKTOP_TOOLS := desktop-file-utils appstream
FYNE_TOOLS_VERSION := v1.7.0
FYNE := $(GOBIN)/fyne
DIST := dist
APP_BIN := four-winds
# Read from FyneApp.toml once, when first used.
VERSION = $(eval VERSION := $$(shell $(GO) run ./tools/release version))$(VERSION)
APP_ID = $(eval APP_ID := $$(shell $(GO) run ./tools/release id))$(APP_ID)
RELEASE_LDFLAGS = -s -w -X main.version=$(VERSION)
# go-libp2p links github.com/wlynxg/anet, which reaches into the standard
# library with go:linkname on Android: the linker must be told to allow it.
ANDROID_LDFLAGS := -checklinkname=0
# The packages the Android cross-compile checks: the core, and p2p once it exists.
ANDROID_PKGS := ./core/... ./netlock/... $(if $(wildcard p2p),./p2p/...)
SCREENSHOTS ?= screenshots
# The screens the stores show first (file names start with them).
SCREENSHOTS_FIRST ?= table,sheet,newgame,home

packaging-check: android-check gobind-check release-check

# apt-install lists the Debian packages of $(1) that are missing and installs them.
define apt-install
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing $$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi
endef

desktop-tools:
	$(call apt-install,$(DESKTOP_TOOLS))

## android-check: the core (and p2p) build for android/arm64 without cgo, and the command line links there
android-check:
	CGO_ENABLED=0 GOOS=android GOARCH=arm64 $(GO) build $(ANDROID_PKGS)
	CGO_ENABLED=0 GOOS=android GOARCH=arm64 $(GO) build -ldflags=$(ANDROID_LDFLAGS) -o /dev/null ./cmd/fourwinds

## gobind-check: the mobile binding (core/mobile) binds for Go, Java and Objective-C with nothing skipped
# gobind is a tool of the module (go.mod's tool line pins golang.org/x/mobile).
gobind-check:
	@out=$$(mktemp -d); trap 'rm -rf "$$out"' EXIT; \
	$(GO) tool gobind -lang=go,java,objc -outdir "$$out" ./core/mobile || exit 1; \
	skipped=$$(grep -rn "skipped" "$$out"); \
	if [ -n "$$skipped" ]; then echo "gobind skipped part of core/mobile:"; echo "$$skipped"; exit 1; fi; \
	echo "gobind: core/mobile binds for go, java and objc, nothing skipped"

## release-check: the desktop entry and metainfo pass desktop-file-validate and appstreamcli
release-check: desktop-tools
	FOURWINDS_VALIDATORS=required CGO_ENABLED=0 $(GO) test -count=1 ./tools/release/

## art: redraw the icon and the store's feature graphic (tools/art)
art:
	$(GO) run ./tools/art

## store-screenshots: copy the app's 360x640 screenshots (make screenshots) into fastlane
store-screenshots:
	$(GO) run ./tools/fastlane -from $(SCREENSHOTS) -first $(SCREENSHOTS_FIRST)

## dist: stripped release binaries stamped with FyneApp.toml's version, and the Linux desktop files
dist:
	rm -rf $(DIST) && mkdir -p $(DIST)/linux
	for t in linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64; do \
		os=$${t%/*}; arch=$${t#*/}; ext=; [ $$os = windows ] && ext=.exe; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -ldflags="$(RELEASE_LDFLAGS)" \
			-o $(DIST)/fourwinds-$(VERSION)-$$os-$$arch$$ext ./cmd/fourwinds || exit 1; \
	done
	./$(DIST)/fourwinds-$(VERSION)-linux-amd64 version
	$(GO) run ./tools/release desktop -exec $(APP_BIN) -o $(DIST)/linux -date $$(git log -1 --format=%cs)
	cp assets/icon.png $(DIST)/linux/$(APP_ID).png
	@# gui-deps and GUI_PACKAGES are the app's (make run): they come with main.go.
	@if [ -f main.go ]; then \
		$(MAKE) gui-deps xvfb && \
		CGO_ENABLED=1 $(GO) build -trimpath -tags $(APP_TAGS) -ldflags="$(RELEASE_LDFLAGS)" -o $(DIST)/$(APP_BIN)-$(VERSION)-linux-amd64 . && \
		$(MAKE) starts APP=$(DIST)/$(APP_BIN)-$(VERSION)-linux-amd64 && $(MAKE) thread-check; \
	else echo "dist: no main.go yet: the Fyne app is not built"; fi
	@ls -l $(DIST) $(DIST)/linux

xvfb:
	$(call apt-install,xvfb xauth xdotool)

## memory: the desktop app played on a virtual display for 60 moves, its memory reported (README, "The app")
memory: gui-deps xvfb
	CGO_ENABLED=1 $(GO) build -tags $(APP_TAGS) -o $(DIST)/memory-app .
	tools/memcheck/run.sh $(CURDIR)/$(DIST)/memory-app 60

## thread-check: the desktop app played on a virtual display for 40 s, failing if Fyne saw a UI change off its thread
# The check behind FyneApp.toml's `[Migrations] fyneDo = true` (which, in a
# packaged build, turns Fyne's own thread checks off).
thread-check: gui-deps xvfb
	CGO_ENABLED=1 $(GO) build -tags $(APP_TAGS) -o $(DIST)/thread-check-app .
	tools/threadcheck/run.sh $(DIST)/thread-check-app 40

# starts: the app at $(APP) opens on a virtual display and is still running 10 s later.
starts:
	@home=$$(mktemp -d); HOME=$$home LANG=en_US.UTF-8 timeout 10 xvfb-run -a $(APP) >$$home/log 2>&1; st=$$?; \
	if [ $$st -ne 124 ]; then echo "$(APP) stopped (status $$st) instead of running:"; tail -20 $$home/log; rm -rf $$home; exit 1; fi; \
	rm -rf $$home; echo "$(APP) starts"

$(FYNE):
	$(GO) install fyne.io/tools/cmd/fyne@$(FYNE_TOOLS_VERSION)

## android: the APK (needs the Android NDK in ANDROID_NDK_HOME)
android: $(FYNE)
	@if [ -z "$$ANDROID_NDK_HOME" ] || [ ! -d "$$ANDROID_NDK_HOME" ]; then \
		echo "make android: set ANDROID_NDK_HOME to an Android NDK (r23 or later; Android Studio's SDK Manager, \"NDK (Side by side)\")" >&2; exit 1; fi
	@[ -f main.go ] || { echo "make android: main.go (the Fyne app) is not in this tree" >&2; exit 1; }
	$(GO) run ./tools/release manifest
	@# fyne package raises Build in FyneApp.toml after packaging: keep the build that was packaged.
	cp FyneApp.toml .FyneApp.toml.keep; \
	GOFLAGS=-ldflags=$(ANDROID_LDFLAGS) $(FYNE) package -os android/arm64 --tags $(APP_TAGS); st=$$?; \
	mv .FyneApp.toml.keep FyneApp.toml; exit $$st

## ios: the .app with the local-network keys and the multicast entitlement (macOS with Xcode)
ios: $(FYNE)
	@[ "$$(uname)" = Darwin ] && command -v xcrun >/dev/null || { echo "make ios: needs macOS with Xcode" >&2; exit 1; }
	@[ -f main.go ] || { echo "make ios: main.go (the Fyne app) is not in this tree" >&2; exit 1; }
	@[ -n "$(IOS_SIGN)" ] || { echo "make ios: set IOS_SIGN to your signing identity (security find-identity -v -p codesigning)" >&2; exit 1; }
	rm -rf *.app
	cp FyneApp.toml .FyneApp.toml.keep; \
	$(FYNE) package -os ios -app-id $(subst _,-,$(APP_ID)) --tags $(APP_TAGS); st=$$?; \
	mv .FyneApp.toml.keep FyneApp.toml; exit $$st
	app=$$(ls -d *.app) && \
	/usr/libexec/PlistBuddy -c "Merge ios/Info.additions.plist" "$$app/Info.plist" && \
	codesign --force --sign "$(IOS_SIGN)" --entitlements ios/fourwinds.entitlements "$$app"
