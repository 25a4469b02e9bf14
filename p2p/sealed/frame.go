package sealed

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/libp2p/go-libp2p/core/protocol"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// Protocol is the sealed table's protocol, served by the dealer's device.
const Protocol protocol.ID = "/fourwinds/sealed/1.0.0"

// kind is what a frame carries.
type kind uint8

// The frame kinds.
const (
	// kindSetup (dealer): the match's setup, in JSON (table.SealedSetup).
	kindSetup kind = 1 + iota
	// kindDeal (dealer): the frame's deal starts; the body is the deal's
	// key holders: a setup (JSON, table.SealedSetup) whose peers and
	// players deal it.
	kindDeal
	// kindPlay (both ways): a message of sealed play of the frame's deal.
	kindPlay
	// kindEnd (dealer): the match is over; no body.
	kindEnd
	// kindReady (both ways): a player has seen the end of the frame's
	// deal and is ready for the next (body: the player, one byte).
	kindReady
	// kindHello (device): the first frame of a device's first stream:
	// serve me the match from its setup; no body.
	kindHello
	// kindResume (both ways; body: a frame number, 8 bytes big-endian):
	// the first frame of a device's stream after its last one dropped,
	// naming the last dealer's frame it took; the dealer's answer names
	// the last of the device's frames it took, and is followed by the
	// dealer's frames after the device's number. Each side then sends the
	// frames the other lacks again, in order.
	kindResume
	// kindHeld (dealer, to a key holder that rejoins, before the resume
	// frame that says live from here; not numbered): the seats of the
	// device whose answer to the open decision the dealer has (body: up
	// to 4 bytes, each a seat 0–3; table.SealedHeld).
	kindHeld
	// kindWait (dealer, to a device seated at the table that came after
	// the match was dealt; first on its stream, not numbered; no body):
	// the device waits for the next deal prepared, which gives it a key
	// and its seat; the setup follows then.
	kindWait
)

// notes maps the frame kinds that carry a party's note to the note's kind.
var notes = map[kind]table.SealedKind{kindDeal: table.SealedDeal, kindPlay: table.SealedPlay, kindEnd: table.SealedEnd, kindReady: table.SealedReady, kindHeld: table.SealedHeld}

// MaxTable bounds a table's id in bytes.
const MaxTable = 64

// headerLen is a frame's header without its table id: kind, term, deal,
// number and the table id's length.
const headerLen = 1 + 8 + 4 + 8 + 1

// maxFrame bounds a frame's body: a header and a sealed message.
const maxFrame = headerLen + MaxTable + table.MaxSealedBody

// frame is one frame of the protocol: wire's varint length framing around
// a binary header (kind; the dealer's term, the deal and the frame's
// number, big-endian; the table's id, length-prefixed), then the body.
// Like the table protocol's messages, every frame carries the term and the
// table, so that a frame of another dealer's term or another table is
// refused.
//
// Numbers let a device whose stream dropped resume on a new one with
// nothing lost or taken twice: the dealer numbers the frames it sends
// every device and spectator (1, 2, … over the match; a setup is 0), a
// device the frames it sends (1, 2, … over its time at the table); a
// hello or a resume frame is 0.
type frame struct {
	Kind  kind
	Term  uint64
	Deal  uint32
	Seq   uint64
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
	b = binary.BigEndian.AppendUint64(b, f.Seq)
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
	f := frame{Kind: kind(b[0]), Term: binary.BigEndian.Uint64(b[1:]), Deal: binary.BigEndian.Uint32(b[9:]), Seq: binary.BigEndian.Uint64(b[13:])}
	n := int(b[21])
	if n > MaxTable || len(b) < headerLen+n {
		return frame{}, fmt.Errorf("sealed: table id of %d bytes in a frame of %d: at most %d", n, len(b), MaxTable)
	}
	f.Table, f.Body = string(b[headerLen:headerLen+n]), b[headerLen+n:]
	switch f.Kind {
	case kindSetup, kindPlay:
		if len(f.Body) == 0 {
			return frame{}, fmt.Errorf("sealed: frame of kind %d without a body", f.Kind)
		}
	case kindDeal:
	case kindEnd, kindHello, kindWait:
		if len(f.Body) != 0 {
			return frame{}, fmt.Errorf("sealed: frame of kind %d with a body of %d bytes; it has none", f.Kind, len(f.Body))
		}
	case kindReady:
		if len(f.Body) != 1 {
			return frame{}, fmt.Errorf("sealed: ready frame with a body of %d bytes; it names one player", len(f.Body))
		}
	case kindResume:
		if len(f.Body) != 8 {
			return frame{}, fmt.Errorf("sealed: resume frame with a body of %d bytes; it names a frame number, 8 bytes", len(f.Body))
		}
	case kindHeld:
		if len(f.Body) > 4 || slices.ContainsFunc(f.Body, func(b byte) bool { return b > 3 }) {
			return frame{}, fmt.Errorf("sealed: held frame with the body %v; it names up to 4 seats, 0 to 3", f.Body)
		}
	default:
		return frame{}, fmt.Errorf("sealed: unknown frame kind %d; allowed: 1 (setup) to 9 (wait)", f.Kind)
	}
	return f, nil
}

// resumeFrame returns a resume frame naming frame number n.
func resumeFrame(term uint64, tableID string, n uint64) ([]byte, error) {
	return frame{Kind: kindResume, Term: term, Table: tableID, Body: resumeBody(n)}.encode()
}

// resumeBody is a resume frame's body, naming frame number n.
func resumeBody(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

// resumed is the frame number a resume frame names.
func (f frame) resumed() uint64 { return binary.BigEndian.Uint64(f.Body) }

// noteFrame returns the frame of a party's note, numbered seq.
func noteFrame(term uint64, tableID string, seq uint64, n table.SealedNote) ([]byte, error) {
	for k, nk := range notes {
		if nk == n.Kind {
			return frame{Kind: k, Term: term, Deal: n.Deal, Seq: seq, Table: tableID, Body: n.Body}.encode()
		}
	}
	return nil, fmt.Errorf("sealed: a note of kind %d has no frame", n.Kind)
}

// note returns the party's note a frame carries, from holder from.
func (f frame) note(from int) (table.SealedNote, bool) {
	k, ok := notes[f.Kind]
	return table.SealedNote{Kind: k, Deal: f.Deal, From: from, Body: f.Body}, ok
}
