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
// tables with Deal and finding them by mDNS.
func OpenDevice(dir string) (*Network, error) {
	name := "identity.key"
	if d := os.Getenv(DeviceEnv); d != "" {
		name = "identity-" + filepath.Base(d) + ".key"
	}
	h, err := node.Open(filepath.Join(dir, name), nil)
	if err != nil {
		return nil, fmt.Errorf("netui: the shared table is off: %w", err)
	}
	return New(Config{Host: h, Deal: Deal}), nil
}
