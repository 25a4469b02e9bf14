package wire

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// examples holds one valid message of every type.
func examples() []*Msg {
	snap := &table.Snapshot{Seq: 3, Player: 1, Info: table.Info{Rules: "hongkong", Options: map[string]string{"a": "b"}}, View: &game.View{Phase: game.PhaseTurn, Legal: []game.Action{{Type: game.ActDiscard, Tile: tile.Kind(3)}}}}
	deal := &Deal{Hand: 1, Hash: []byte{1, 2}, All: []Contribution{{Peer: "p", Hash: []byte{3}, Secret: []byte{4}}}, Seed: []byte{5}}
	return []*Msg{
		{Type: THello, Hello: &Hello{Version: Version, Player: AnySeat, PIN: "1234", Name: "Ann"}},
		{Type: TWelcome, Welcome: &Welcome{Player: 1, Snapshot: *snap, Heartbeat: 2e9}},
		{Type: TIntent, ID: 7, Intent: &table.Intent{Player: 1, Kind: table.IntentAction, Decision: 9, Action: game.Action{Type: game.ActDiscard, Tile: tile.Kind(3)}}},
		{Type: TDone, ID: 7},
		{Type: TRefused, ID: 7, Refused: &Refusal{Reason: table.ReasonStale, Detail: "late"}},
		{Type: TSnapReq, ID: 8},
		{Type: TSnapshot, ID: 8, Snapshot: snap},
		{Type: TUpdate, Update: &table.Update{Seq: 4, Events: []game.Event{{Type: game.EvDraw, Tiles: []tile.Kind{tile.Unknown}}}, Snapshot: *snap}},
		{Type: TPing},
		{Type: TPong, Seq: 12},
		{Type: TLobby, Lobby: &Lobby{Version: Version, Name: "t", Rules: "french", Free: []int{1, 2}, PIN: true, Hand: 1}},
		{Type: TCommitAsk, Deal: &Deal{Hand: 2}},
		{Type: TCommit, Deal: deal},
		{Type: TCommitments, Deal: deal},
		{Type: TSecret, Deal: deal},
		{Type: TReveal, Deal: deal},
		{Type: TRoster, Roster: &Roster{Holders: [4]string{"", "a", "b", ""}, Addrs: map[string][]string{"a": {"/ip4/10.0.0.2/tcp/4001"}}}},
	}
}

func TestEveryTypeRoundTrips(t *testing.T) {
	if len(examples()) != len(body) {
		t.Fatalf("%d examples for %d message types", len(examples()), len(body))
	}
	for _, m := range examples() {
		b, err := Encode(m)
		if err != nil {
			t.Fatalf("%s: %v", m.Type, err)
		}
		got, err := Decode(b)
		if err != nil {
			t.Fatalf("%s: %v", m.Type, err)
		}
		b2, _ := Encode(got)
		if !bytes.Equal(b, b2) {
			t.Errorf("%s changed in a round trip:\n%s\n%s", m.Type, b, b2)
		}
	}
}

func TestDecodeIsStrict(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"not json", `{"type":`},
		{"unknown field", `{"type":"ping","extra":1}`},
		{"unknown nested field", `{"type":"hello","hello":{"version":1,"player":0,"colour":"red"}}`},
		{"unknown type", `{"type":"shout"}`},
		{"missing body", `{"type":"hello"}`},
		{"wrong body", `{"type":"ping","hello":{"version":1,"player":0}}`},
		{"two bodies", `{"type":"intent","id":1,"intent":{"player":0,"kind":"action","decision":1,"action":{"type":"pass"}},"lobby":{"version":1,"name":"","rules":"","options":null,"free":null,"pin":false,"hand":0}}`},
		{"missing id", `{"type":"snapshot-request"}`},
		{"seq outside a pong", `{"type":"ping","seq":3}`},
		{"trailing data", `{"type":"ping"}{"type":"ping"}`},
		{"wrong field type", `{"type":"hello","hello":{"version":"one","player":0}}`},
	} {
		if _, err := Decode([]byte(tc.in)); !errors.Is(err, ErrBadMessage) {
			t.Errorf("%s: got %v, want ErrBadMessage", tc.name, err)
		}
	}
}

func TestFrames(t *testing.T) {
	var buf bytes.Buffer
	for _, s := range []string{"", "a", string(make([]byte, 300))} {
		if err := WriteFrame(&buf, []byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	r := NewReader(&buf, 0)
	for _, want := range []int{0, 1, 300} {
		b, err := r.ReadFrame()
		if err != nil || len(b) != want {
			t.Fatalf("frame of %d bytes, err %v; want %d", len(b), err, want)
		}
	}
	if _, err := r.ReadFrame(); err != io.EOF {
		t.Errorf("end of stream gave %v, want io.EOF", err)
	}
	big := binary.AppendUvarint(nil, MaxFrame+1)
	if _, err := NewReader(bytes.NewReader(big), 0).ReadFrame(); !errors.Is(err, ErrFrameTooLarge) {
		t.Errorf("oversize frame gave %v", err)
	}
	if err := WriteFrame(io.Discard, make([]byte, MaxFrame+1)); !errors.Is(err, ErrFrameTooLarge) {
		t.Errorf("writing an oversize frame gave %v", err)
	}
	cut := AppendFrame(nil, []byte("hello"))[:3]
	if _, err := NewReader(bytes.NewReader(cut), 0).ReadFrame(); err == nil || err == io.EOF {
		t.Errorf("a frame cut short gave %v", err)
	}
}

func FuzzReadFrame(f *testing.F) {
	f.Add(AppendFrame(nil, []byte(`{"type":"ping"}`)))
	f.Add(binary.AppendUvarint(nil, MaxFrame+1))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data), 1<<12)
		for range 64 {
			b, err := r.ReadFrame()
			if err != nil {
				return
			}
			if len(b) > 1<<12 {
				t.Fatalf("frame of %d bytes passed a limit of 4096", len(b))
			}
		}
	})
}

func FuzzDecode(f *testing.F) {
	for _, m := range examples() {
		b, _ := Encode(m)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("decoded an invalid message: %v", err)
		}
		if _, err := Encode(m); err != nil {
			t.Fatalf("a decoded message does not encode: %v", err)
		}
	})
}
