//go:build ci || !(cgo || darwin || windows)

package sound

// Device returns the platform's audio output: in this build (headless, or
// without cgo on a system whose audio library needs it) there is none,
// and a player on it plays nothing.
func Device() Output { return nil }
