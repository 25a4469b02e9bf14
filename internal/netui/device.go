package netui

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/fourwinds-mahjong/fourwinds/p2p/node"
)

// DeviceEnv names a second device on one machine: two app instances with
// different values have different identities, so they can host and join
// each other (FOURWINDS_DEVICE=second).
const DeviceEnv = "FOURWINDS_DEVICE"

// OpenDevice starts this device's libp2p host, with the identity key kept
// in dir (one key per DeviceEnv name), and returns its network, dealing
// tables with Deal and finding them by mDNS; a sealed table's keys are
// kept in dir too (a subdirectory per DeviceEnv name).
func OpenDevice(dir string) (*Network, error) {
	name, keys := "identity.key", dir
	if d := os.Getenv(DeviceEnv); d != "" {
		name = "identity-" + filepath.Base(d) + ".key"
		keys = filepath.Join(dir, "device-"+filepath.Base(d))
		if err := os.MkdirAll(keys, 0o700); err != nil {
			return nil, fmt.Errorf("netui: the shared table is off: %w", err)
		}
	}
	h, err := node.Open(filepath.Join(dir, name), nil)
	if err != nil {
		return nil, fmt.Errorf("netui: the shared table is off: %w", err)
	}
	return New(Config{Host: h, Deal: Deal, StateDir: keys}), nil
}
