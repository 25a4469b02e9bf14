# Four Winds. `make run` opens the app; `make test` runs every check and test.
GO ?= go
GOBIN ?= $(shell $(GO) env GOPATH)/bin
STATICCHECK_VERSION := v0.6.1
STATICCHECK := $(GOBIN)/staticcheck
RULES ?= hongkong

# The Fyne app's desktop build needs cgo, OpenGL and X11 headers, and ALSA's
# for its sound (ui/sound); the checks and tests build headless with Fyne's
# software driver (-tags ci, no cgo) so that they need none of them.
GUI_PACKAGES := gcc libgl1-mesa-dev xorg-dev libasound2-dev pkg-config
# Phone simulation (make run-mobile): x/mobile's X11 driver links EGL and GLES.
MOBILE_PACKAGES := libegl-dev libgles-dev
HEADLESS := CGO_ENABLED=0
TAGS := -tags ci
# The app's builds leave out Fyne's colour emoji font (no_emoji): 4 MB of
# binary, parsed again for every text style (docs/performance.md, "The app").
APP_TAGS := no_emoji
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The Debian packages the tests need: ip (iproute2) for the real-network
# test (network namespaces, as root), a C compiler for the race detector,
# and the validators of the Linux desktop entry and AppStream metainfo.
DESKTOP_TOOLS := desktop-file-utils appstream
TEST_PACKAGES := iproute2 gcc libc6-dev libasound2-dev pkg-config $(DESKTOP_TOOLS)
# The virtual display the desktop app is played on (starts, memory, thread-check).
XVFB_PACKAGES := xvfb xauth xdotool

# apt-install installs those of the Debian packages $(1) that are missing:
# the one recipe that installs packages (gui-deps, test-deps, xvfb). Where
# there is no dpkg (not Debian) it only names them.
define apt-install
	@command -v dpkg >/dev/null 2>&1 || { echo "no dpkg (not Debian): install $(strip $(1)) yourself if missing"; exit 0; }; \
	missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing" $$missing; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

.PHONY: help run run-mobile play gui-deps test-deps test lint vet fmt-check staticcheck unit race bench build screenshots

## help: list the targets, one line each
help:
	@awk '/^## [^ :]+: / { t = $$2; sub(/:$$/, "", t); sub(/^## [^ :]+: /, ""); printf "  %-18s %s\n", t, $$0 }' $(MAKEFILE_LIST)

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

## gui-deps: install the Debian packages the app's desktop build needs (cgo, OpenGL, X11), when missing
gui-deps:
	$(call apt-install,$(GUI_PACKAGES))

## test-deps: install the Debian packages the tests need (iproute2, gcc, ALSA's headers, the desktop-entry validators), when missing
test-deps:
	$(call apt-install,$(TEST_PACKAGES))

## screenshots: the main screens at phone, tablet and desktop sizes, English and French
screenshots:
	FOURWINDS_SCREENSHOTS=$(CURDIR)/screenshots $(HEADLESS) $(GO) test $(TAGS) -count=1 -run '^TestScreenshots$$' ./ui/
	FOURWINDS_SCREENSHOTS=$(CURDIR)/screenshots/shared $(HEADLESS) $(GO) test $(TAGS) -count=1 -run '^(TestSharedScreenshots|TestHostPlaysToo|TestHostHandsOver|TestAJoinedCentreShowsTheDealVerified|TestSealedHandOnLoopback)$$' ./internal/netui/

## test: formatting, vet, staticcheck, every test, the live table and the network under the race detector, then the packaging checks
test: test-deps lint unit race sound-check packaging-check

## lint: fmt-check, vet and staticcheck
lint: fmt-check vet staticcheck

## fmt-check: fail on Go files gofmt would change
fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

## vet: go vet, headless
vet:
	$(HEADLESS) $(GO) vet $(TAGS) ./...

$(STATICCHECK):
	$(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

## staticcheck: staticcheck (installed at its pinned version when missing), headless
staticcheck: $(STATICCHECK)
	$(HEADLESS) $(STATICCHECK) $(TAGS) ./...

## unit: every test, headless (the real-network test runs as root only)
unit: test-deps
	$(HEADLESS) $(GO) test $(TAGS) -count=1 -timeout 15m ./...

## race: the live table's, the network's and the app screens' goroutines under the race detector (cgo; test-deps installs gcc)
race: test-deps
	CGO_ENABLED=1 $(GO) test $(TAGS) -race -count=1 -timeout 20m ./core/table/... ./p2p/... ./ui/...

## sound-check: the sound plays through the real audio library into a file (ALSA, cgo), and its player compiles for macOS and Windows
sound-check: test-deps
	CGO_ENABLED=1 $(GO) test -count=1 ./ui/sound/
	for t in darwin/arm64 windows/amd64; do GOOS=$${t%/*} GOARCH=$${t#*/} CGO_ENABLED=0 $(GO) vet ./ui/sound/ || exit 1; done

## bench: the performance figures recorded in docs/performance.md
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/...
	$(HEADLESS) $(GO) test $(TAGS) -run '^$$' -bench . -benchtime 20x ./ui/

## build: the command line, without cgo, at bin/fourwinds
build:
	CGO_ENABLED=0 $(GO) build -o bin/fourwinds ./cmd/fourwinds

# ---- Packaging: desktop releases, Android, iOS, the gobind check (docs/packaging.md) ----
.PHONY: packaging-check android-check gobind-check release-check xvfb starts thread-check memory dist android ios art store-screenshots

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
# The packages the Android cross-compile checks: the core, the multicast
# lock, and p2p (discovery lists interfaces with anet there).
ANDROID_PKGS := ./core/... ./internal/netlock/... ./p2p/...
SCREENSHOTS ?= screenshots
# The screens the stores show first (file names start with them).
SCREENSHOTS_FIRST ?= table,sheet,newgame,home

## packaging-check: android-check, gobind-check and release-check
packaging-check: android-check gobind-check release-check

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
release-check: test-deps
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

## xvfb: install the virtual display and xdotool the desktop app is played on, when missing
xvfb:
	$(call apt-install,$(XVFB_PACKAGES))

## memory: the desktop app played on a virtual display for 60 moves, its memory reported (docs/performance.md, "The app")
memory: gui-deps xvfb
	CGO_ENABLED=1 $(GO) build -tags $(APP_TAGS) -o $(DIST)/memory-app .
	tools/memcheck/run.sh $(CURDIR)/$(DIST)/memory-app 60

## thread-check: the desktop app played on a virtual display for 40 s, failing if Fyne saw a UI change off its thread
# The check behind FyneApp.toml's `[Migrations] fyneDo = true` (which, in a
# packaged build, turns Fyne's own thread checks off).
thread-check: gui-deps xvfb
	CGO_ENABLED=1 $(GO) build -tags $(APP_TAGS) -o $(DIST)/thread-check-app .
	tools/threadcheck/run.sh $(DIST)/thread-check-app 40

## starts: the app at APP=path opens on a virtual display and is still running 10 s later
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
