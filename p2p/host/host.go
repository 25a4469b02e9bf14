// Package host builds the libp2p host of a Four Winds device: TCP and QUIC
// on the local network, Noise and yamux, no relay, and a connection manager
// that never prunes the peers of the table being played. The device's
// identity key is created once and kept, so a phone that comes back is the
// same peer and finds its seat again.
package host

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/libp2p/go-libp2p"
	"github.com/libp2p/go-libp2p/core/crypto"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/p2p/muxer/yamux"
	"github.com/libp2p/go-libp2p/p2p/net/connmgr"
	"github.com/libp2p/go-libp2p/p2p/security/noise"
	quic "github.com/libp2p/go-libp2p/p2p/transport/quic"
	"github.com/libp2p/go-libp2p/p2p/transport/tcp"
)

// TableTag is the connection-manager tag that protects a table's peers.
const TableTag = "fourwinds-table"

// DefaultListen are the listen addresses of a device that gives none: any
// interface, a port chosen by the system, over TCP and QUIC.
var DefaultListen = []string{"/ip4/0.0.0.0/tcp/0", "/ip4/0.0.0.0/udp/0/quic-v1"}

// New returns a host with the given identity listening on listen
// (DefaultListen when empty).
func New(key crypto.PrivKey, listen []string) (host.Host, error) {
	if len(listen) == 0 {
		listen = DefaultListen
	}
	cm, err := connmgr.NewConnManager(32, 64)
	if err != nil {
		return nil, err
	}
	h, err := libp2p.New(
		libp2p.Identity(key),
		libp2p.ListenAddrStrings(listen...),
		libp2p.Security(noise.ID, noise.New),
		libp2p.Muxer(yamux.ID, yamux.DefaultTransport),
		libp2p.Transport(tcp.NewTCPTransport),
		libp2p.Transport(quic.NewTransport),
		libp2p.DisableRelay(),
		libp2p.ConnectionManager(cm),
	)
	if err != nil {
		return nil, fmt.Errorf("host: cannot start libp2p on %v: %w", listen, err)
	}
	return h, nil
}

// LoadKey returns the identity key kept in path, creating an Ed25519 key
// there (mode 0600, written atomically) the first time.
func LoadKey(path string) (crypto.PrivKey, error) {
	data, err := os.ReadFile(path)
	if err == nil {
		k, err := crypto.UnmarshalPrivateKey(data)
		if err != nil {
			return nil, fmt.Errorf("host: %s holds no identity key: %w", path, err)
		}
		return k, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("host: cannot read the identity key: %w", err)
	}
	k, _, err := crypto.GenerateEd25519Key(rand.Reader)
	if err != nil {
		return nil, err
	}
	data, err = crypto.MarshalPrivateKey(k)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("host: cannot keep the identity key: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".key-*")
	if err != nil {
		return nil, fmt.Errorf("host: cannot keep the identity key: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return nil, err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return nil, fmt.Errorf("host: cannot keep the identity key: %w", err)
	}
	return k, nil
}
