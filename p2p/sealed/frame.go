package sealed

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/libp2p/go-libp2p/core/protocol"

	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// Protocol is the sealed table's protocol, served by the dealer's device.
const Protocol protocol.ID = "/fourwinds/sealed/1.0.0"

// kind is what a frame carries.
type kind uint8

// The frame kinds.
const (
	// kindSetup (dealer): the match's setup, in JSON (setup).
	kindSetup kind = 1 + iota
	// kindDeal (dealer): the frame's deal starts; no body.
	kindDeal
	// kindPlay (both ways): a sealedplay.Msg of the frame's deal.
	kindPlay
	// kindEnd (dealer): the match is over; no body.
	kindEnd
)

// MaxTable bounds a table's id in bytes.
const MaxTable = 64

// headerLen is a frame's header without its table id: kind, term, deal
// and the table id's length.
const headerLen = 1 + 8 + 4 + 1

// maxFrame bounds a frame's body: a header and a sealed message.
const maxFrame = headerLen + MaxTable + sealedplay.MaxMsg

// frame is one frame of the protocol: wire's varint length framing around
// a binary header (kind; the dealer's term and the deal, big-endian; the
// table's id, length-prefixed), then the body. Like the table protocol's
// messages, every frame carries the term and the table, so that a frame of
// another dealer's term or another table is refused.
type frame struct {
	Kind  kind
	Term  uint64
	Deal  uint32
	Table string
	Body  []byte
}

// encode returns the frame with its length prefix.
func (f frame) encode() ([]byte, error) {
	if len(f.Table) > MaxTable {
		return nil, fmt.Errorf("sealed: table id of %d bytes: at most %d", len(f.Table), MaxTable)
	}
	b := make([]byte, 0, headerLen+len(f.Table)+len(f.Body))
	b = append(b, byte(f.Kind))
	b = binary.BigEndian.AppendUint64(b, f.Term)
	b = binary.BigEndian.AppendUint32(b, f.Deal)
	b = append(b, byte(len(f.Table)))
	b = append(b, f.Table...)
	b = append(b, f.Body...)
	return wire.AppendFrame(nil, b), nil
}

// parseFrame decodes a frame's body strictly: a known kind, a whole
// header, a body only where the kind has one.
func parseFrame(b []byte) (frame, error) {
	if len(b) < headerLen {
		return frame{}, fmt.Errorf("sealed: frame of %d bytes: a header has %d", len(b), headerLen)
	}
	f := frame{Kind: kind(b[0]), Term: binary.BigEndian.Uint64(b[1:]), Deal: binary.BigEndian.Uint32(b[9:])}
	n := int(b[13])
	if n > MaxTable || len(b) < headerLen+n {
		return frame{}, fmt.Errorf("sealed: table id of %d bytes in a frame of %d: at most %d", n, len(b), MaxTable)
	}
	f.Table, f.Body = string(b[headerLen:headerLen+n]), b[headerLen+n:]
	switch f.Kind {
	case kindSetup, kindPlay:
		if len(f.Body) == 0 {
			return frame{}, fmt.Errorf("sealed: frame of kind %d without a body", f.Kind)
		}
	case kindDeal, kindEnd:
		if len(f.Body) != 0 {
			return frame{}, fmt.Errorf("sealed: frame of kind %d with a body of %d bytes; it has none", f.Kind, len(f.Body))
		}
	default:
		return frame{}, fmt.Errorf("sealed: unknown frame kind %d; allowed: 1 (setup) to 4 (end)", f.Kind)
	}
	return f, nil
}

// play returns the frame of a sealed message.
func play(term uint64, deal uint32, table string, m sealedplay.Msg) ([]byte, error) {
	b, err := m.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return frame{Kind: kindPlay, Term: term, Deal: deal, Table: table, Body: b}.encode()
}

// setup is what every party of a sealed match agrees on before its first
// deal; the dealer sends it first on every stream.
type setup struct {
	// Rules is the ruleset's id, Options the table's options by name.
	Rules   string            `json:"rules"`
	Options map[string]string `json:"options,omitempty"`
	// Seed chooses the first dealer and every deal's dice. The tiles come
	// from the joint shuffle only, so the dealer's device that picks it
	// learns nothing from it.
	Seed wall.Seed `json:"seed"`
	// Hands is the number of hands the match ends after (0: the whole game).
	Hands int `json:"hands,omitempty"`
	// Peers are the key holders' peer ids, in holder order.
	Peers []string `json:"peers"`
	// Players are the holder that plays each player (0–3), AI players
	// included: its device sees their tiles.
	Players [4]int `json:"players"`
}

// decodeSetup decodes a setup strictly: no unknown field, nothing after it.
func decodeSetup(b []byte) (setup, error) {
	var s setup
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&s); err != nil {
		return setup{}, fmt.Errorf("sealed: bad setup: %w", err)
	}
	if d.More() {
		return setup{}, fmt.Errorf("sealed: bad setup: data after it")
	}
	return s, nil
}
