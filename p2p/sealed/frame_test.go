package sealed

import (
	"bytes"
	"context"
	"encoding/binary"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
)

// unframe strips wire's length prefix.
func unframe(t testing.TB, b []byte) []byte {
	t.Helper()
	n, k := binary.Uvarint(b)
	if k <= 0 || int(n) != len(b)-k {
		t.Fatalf("bad length prefix %d for %d bytes", n, len(b))
	}
	return b[k:]
}

func TestFrameRoundTrip(t *testing.T) {
	body, err := sealedplay.Msg{Type: sealedplay.TVoid, Reason: "holder 1 withheld its shares of 2 tiles"}.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	b, err := noteFrame(7, "a table", 12, table.SealedNote{Kind: table.SealedPlay, Deal: 3, Body: body})
	if err != nil {
		t.Fatal(err)
	}
	f, err := parseFrame(unframe(t, b))
	if err != nil {
		t.Fatal(err)
	}
	var m sealedplay.Msg
	if err := m.UnmarshalBinary(f.Body); err != nil || f.Kind != kindPlay || f.Term != 7 || f.Deal != 3 || f.Seq != 12 || f.Table != "a table" || m.Reason == "" {
		t.Fatalf("got %+v, %+v, %v", f, m, err)
	}
	if n, ok := f.note(2); !ok || n.Kind != table.SealedPlay || n.From != 2 || n.Deal != 3 {
		t.Fatalf("note %+v (%v)", n, ok)
	}
	if b, err = noteFrame(7, "a table", 0, table.SealedNote{Kind: table.SealedHeld, Deal: 3, Body: []byte{1, 3}}); err == nil {
		f, err = parseFrame(unframe(t, b))
	}
	if n, ok := f.note(2); err != nil || !ok || n.Kind != table.SealedHeld || n.From != 2 || string(n.Body) != "\x01\x03" {
		t.Fatalf("a held frame came back as %+v (%v)", n, err)
	}
	for _, bad := range []frame{{Kind: kindWait, Body: []byte{1}}, {Kind: kindPlay}, {Kind: kindSetup}, {Kind: kindReady}, {Kind: kindReady, Body: []byte{1, 2}}, {Kind: kindHello, Body: []byte{1}}, {Kind: kindResume, Body: []byte{1}},
		{Kind: kindHeld, Body: []byte{4}}, {Kind: kindHeld, Body: []byte{0, 1, 2, 3, 0}}, {Kind: 10}} {
		b, err := bad.encode()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parseFrame(unframe(t, b)); err == nil {
			t.Errorf("frame %+v accepted", bad)
		}
	}
	if _, err := (frame{Kind: kindEnd, Table: string(make([]byte, MaxTable+1))}).encode(); err == nil {
		t.Error("a table id over MaxTable encoded")
	}
}

func FuzzParseFrame(f *testing.F) {
	for _, fr := range []frame{{Kind: kindDeal, Term: 1, Deal: 2, Seq: 3, Table: "t"}, {Kind: kindResume, Table: "t", Body: resumeBody(9)}, {Kind: kindSetup, Table: "x", Body: []byte(`{"rules":"hongkong"}`)}} {
		b, err := fr.encode()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(unframe(f, b))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fr, err := parseFrame(b)
		if err != nil {
			return
		}
		again, err := fr.encode()
		if err != nil || !bytes.Equal(unframe(t, again), b) {
			t.Fatalf("frame %+v does not encode back to its bytes: %v", fr, err)
		}
		if fr.Kind == kindSetup || fr.Kind == kindDeal {
			_, _ = table.DecodeSealedSetup(fr.Body)
		}
	})
}

// TestSetupRefused: a setup with an unknown field is refused.
func TestSetupRefused(t *testing.T) {
	if _, err := table.DecodeSealedSetup([]byte(`{"rules":"hongkong","extra":1}`)); err == nil {
		t.Error("a setup with an unknown field decoded")
	}
	if _, err := table.DecodeSealedSetup([]byte(`{"rules":"hongkong"} {}`)); err == nil {
		t.Error("a setup with data after it decoded")
	}
}

// TestStrangerTurnedAway: a peer that is neither a key holder nor an
// admitted spectator gets no frame: its stream is reset.
func TestStrangerTurnedAway(t *testing.T) {
	hs, x := serveOn(t, 3, 2, -1, Config{Table: "t", Rules: "hongkong", Players: [4]int{0, 1, 0, 1}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	rec, err := Join(ctx, hs[2], hs[0].ID(), "t", 0, JoinConfig{})
	if err == nil || ctx.Err() != nil || len(rec.Hands) != 0 {
		t.Fatalf("a stranger joined: %+v, %v", rec, err)
	}
	if x.streams() != 0 {
		t.Fatalf("the dealer serves %d streams; want none", x.streams())
	}
}
