package wire

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// examples holds one valid message of every type.
func examples() []*Msg {
	snap := &table.Snapshot{Seq: 3, Player: 1, Info: table.Info{Rules: "hongkong", Options: map[string]string{"a": "b"}}, View: &game.View{Phase: game.PhaseTurn, Legal: []game.Action{{Type: game.ActDiscard, Tile: tile.Kind(3)}}}}
	deal := &Deal{Hand: 1, Hash: []byte{1, 2}, All: []Contribution{{Peer: "p", Hash: []byte{3}, Secret: []byte{4}}}, Seed: []byte{5}}
	return []*Msg{
		{Type: THello, Term: 2, Hello: &Hello{Version: Version, Player: AnySeat, PIN: "1234", Name: "Ann"}},
		{Type: TWelcome, Welcome: &Welcome{Player: 1, Snapshot: *snap, Heartbeat: 2e9}},
		{Type: TIntent, ID: 7, Intent: &table.Intent{Player: 1, Kind: table.IntentAction, Decision: 9, Action: game.Action{Type: game.ActDiscard, Tile: tile.Kind(3)}}},
		{Type: TDone, ID: 7},
		{Type: TRefused, ID: 7, Refused: &Refusal{Reason: table.ReasonStale, Detail: "late"}},
		{Type: TSnapReq, ID: 8},
		{Type: TSnapshot, ID: 8, Snapshot: snap},
		{Type: TUpdate, Term: 3, Update: &table.Update{Seq: 4, Events: []game.Event{{Type: game.EvDraw, Tiles: []tile.Kind{tile.Unknown}}}, Snapshot: *snap}},
		{Type: TPing},
		{Type: TPong, Seq: 12},
		{Type: TLobby, Lobby: &Lobby{Version: Version, Name: "t", Rules: "french", Free: []int{1, 2}, PIN: true, Hand: 1}},
		{Type: TCommitAsk, Deal: &Deal{Hand: 2}},
		{Type: TCommit, Deal: deal},
		{Type: TCommitments, Deal: deal},
		{Type: TSecret, Deal: deal},
		{Type: TReveal, Deal: deal},
		{Type: THandReq, ID: 9, Deal: &Deal{Hand: 2}},
		{Type: THand, ID: 9, Deal: &Deal{Hand: 2, Events: []game.Event{{Type: game.EvDiscard, Tiles: []tile.Kind{3}}}}},
		{Type: TRoster, Term: 1, Roster: &Roster{Holders: [4]string{"", "a", "b", ""}, Addrs: map[string][]string{"a": {"/ip4/10.0.0.2/tcp/4001"}}}},
		{Type: THandOver, HandOver: &HandOver{Hand: 2, Successor: "a", Now: true}},
		{Type: TLeave, ID: 10},
		{Type: TVote, Term: 2, Vote: &Vote{Candidate: "a"}},
		{Type: TGrant, Term: 2, Grant: &Grant{OK: true}},
		{Type: TVerdict, Verdict: &Verdict{Hand: 2, OK: false, Detail: "the seed is not the hash of the secrets"}},
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
		{"hand-over without a successor", `{"type":"hand-over","hand_over":{"hand":1,"successor":""}}`},
		{"hand-over of a negative hand", `{"type":"hand-over","hand_over":{"hand":-1,"successor":"a"}}`},
		{"verdict on hand 0", `{"type":"verdict","verdict":{"hand":0,"ok":true}}`},
		{"unknown field in a hand-over", `{"type":"hand-over","hand_over":{"hand":1,"successor":"a","when":"now"}}`},
		{"unknown field in an intent's action", `{"type":"intent","id":1,"intent":{"player":0,"kind":"action","decision":1,"action":{"type":"pass","cheat":true}}}`},
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
	f.Add([]byte(`{"type":"intent","id":1,"intent":{"player":0,"kind":"action","decision":1,"action":{"type":"pass","cheat":true}}}`))
	f.Add([]byte(`{"type":"ping","term":-1}`))
	f.Add([]byte(`{"type":"vote","vote":{"candidate":"a"}}`))
	f.Add([]byte(`{"type":"grant","term":3,"grant":{"ok":false,"detail":"no"}}`))
	f.Add([]byte(`{"type":"ping","term":18446744073709551615}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("decoded an invalid message: %v", err)
		}
		b, err := Encode(m)
		if err != nil {
			t.Fatalf("a decoded message does not encode: %v", err)
		}
		again, err := Decode(b)
		if err != nil {
			t.Fatalf("a decoded message, encoded again, is refused: %v\n%s", err, b)
		}
		if again.Term != m.Term {
			t.Fatalf("the term changed in a round trip: %d, then %d", m.Term, again.Term)
		}
		if m.Intent != nil && again.Intent.Action != m.Intent.Action {
			t.Fatalf("an intent's action changed in a round trip: %v, then %v", m.Intent.Action, again.Intent.Action)
		}
	})
}

// TestUpdatesLeaveOutAnUnchangedInfo sends a welcome and updates through
// Shrink, the wire and Restore: what arrives is what was sent, and an
// update whose Info has not changed travels without it.
func TestUpdatesLeaveOutAnUnchangedInfo(t *testing.T) {
	info := table.Info{Rules: "hongkong", Options: map[string]string{"a": "b"}, Name: "kitchen", Hand: 1, Balances: [4]int{1, 2, 3, 4}}
	moved := info
	moved.Hand = 2
	snap := func(seq uint64, in table.Info) table.Snapshot {
		return table.Snapshot{Seq: seq, Player: 1, Info: in, View: &game.View{Phase: game.PhaseTurn, StateID: seq}}
	}
	sent := []*Msg{
		{Type: TWelcome, Welcome: &Welcome{Player: 1, Snapshot: snap(1, info), Heartbeat: 1}},
		{Type: TUpdate, Term: 3, Update: &table.Update{Seq: 2, Snapshot: snap(2, info)}},
		{Type: TUpdate, Term: 3, Update: &table.Update{Seq: 3, Snapshot: snap(3, info)}},
		{Type: TPing},
		{Type: TUpdate, Term: 3, Update: &table.Update{Seq: 4, Snapshot: snap(4, moved)}},
		{Type: TUpdate, Term: 3, Update: &table.Update{Seq: 5, Snapshot: snap(5, moved)}},
	}
	var out, in Infos
	shrunk := 0
	for _, m := range sent {
		want, _ := Encode(m)
		cp, _ := Decode(want)
		out.Shrink(cp)
		b, err := Encode(cp)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) < len(want) {
			shrunk++
		}
		got, err := Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		if err := in.Restore(got); err != nil {
			t.Fatal(err)
		}
		if again, _ := Encode(got); !bytes.Equal(again, want) {
			t.Fatalf("sent %s\nreceived %s", want, again)
		}
	}
	if shrunk != 3 {
		t.Errorf("%d updates left their info out, want 3 (seq 2, 3 and 5)", shrunk)
	}
	var fresh Infos
	if err := fresh.Restore(&Msg{Type: TUpdate, SameInfo: true, Update: &table.Update{Seq: 9}}); !errors.Is(err, ErrBadMessage) {
		t.Errorf("an update leaving out an info never given: %v", err)
	}
	if _, err := Decode([]byte(`{"type":"ping","same_info":true}`)); !errors.Is(err, ErrBadMessage) {
		t.Errorf("a ping with same_info: %v", err)
	}
}

// TestCompressedConnection sends every message type and a hand's updates
// over a plain and a compressed connection: both arrive whole and in
// order, and the compressed one costs a fraction of the bytes.
func TestCompressedConnection(t *testing.T) {
	msgs := examples()
	// A hand's updates as a seat receives them.
	tb, err := table.NewLocal(table.LocalConfig{Rules: "hongkong", Seed: "wire", AutoNext: true, Hands: 1, Hold: true})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	_, sub, err := tb.Subscribe(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	for u := range sub.Updates() {
		msgs = append(msgs, &Msg{Type: TUpdate, Term: 3, Update: &u})
		if u.Snapshot.Info.Over {
			break
		}
	}
	sub.Close()
	var sizes [2]int64
	for z := range 2 {
		a, b := net.Pipe()
		send, recv := NewConn(a), NewConn(b)
		if z == 1 {
			send.CompressSends()
			recv.DecompressRecvs()
		}
		go func() {
			for _, m := range msgs {
				if err := send.Send(m); err != nil {
					t.Error(err)
					return
				}
			}
			a.Close()
		}()
		for i, m := range msgs {
			got, err := recv.Recv()
			if err != nil {
				t.Fatalf("compressed %v: message %d: %v", z == 1, i, err)
			}
			want, _ := Encode(m)
			if again, _ := Encode(got); !bytes.Equal(again, want) {
				t.Fatalf("compressed %v: message %d changed:\n%s\n%s", z == 1, i, want, again)
			}
		}
		sizes[z] = recv.In.Load()
	}
	if sizes[1]*4 > sizes[0] {
		t.Errorf("compressed %d bytes, plain %d: want at most a quarter", sizes[1], sizes[0])
	}
	t.Logf("a hand's updates: %d bytes plain, %d compressed", sizes[0], sizes[1])
}

// FuzzCompressedRecv feeds a decompressing connection arbitrary frames:
// it returns messages or errors, and never panics or hangs.
func FuzzCompressedRecv(f *testing.F) {
	var buf bytes.Buffer
	c := NewConn(&buf)
	c.CompressSends()
	for _, m := range examples()[:4] {
		c.Send(m)
	}
	f.Add(buf.Bytes())
	f.Add(AppendFrame(nil, []byte{0x05, 0xff, 0x00}))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewConn(bytes.NewBuffer(data))
		r.DecompressRecvs()
		for range 16 {
			if _, err := r.Recv(); err != nil && !errors.Is(err, ErrBadMessage) {
				return
			}
		}
	})
}

// FuzzCleanName: what a table keeps of any name is valid text of at most
// MaxName runes, with no control, format or line-break character and no
// space at either end, and cleaning it again changes nothing.
func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"Anne", " Anne\u202e\x07\n", strings.Repeat("é", 40), "\xff\xfe", "a\u200db\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := CleanName(s)
		if !utf8.ValidString(c) || utf8.RuneCountInString(c) > MaxName || c != strings.TrimSpace(c) || CleanName(c) != c {
			t.Fatalf("CleanName(%q) = %q", s, c)
		}
		for _, r := range c {
			if unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) {
				t.Fatalf("CleanName(%q) = %q keeps %U", s, c, r)
			}
		}
	})
}

// TestTermIsStrict: a term is a whole number from 0 to 2^64-1; anything
// else is refused.
func TestTermIsStrict(t *testing.T) {
	for _, b := range []string{`{"type":"vote","vote":{"candidate":"a"}}`, `{"type":"vote","term":1,"vote":{"candidate":""}}`, `{"type":"ping","term":-1}`, `{"type":"ping","term":1.5}`, `{"type":"ping","term":"2"}`, `{"type":"ping","term":18446744073709551616}`, `{"type":"ping","term":null,"terms":1}`} {
		if _, err := Decode([]byte(b)); !errors.Is(err, ErrBadMessage) {
			t.Errorf("%s: decoded (%v), want a bad message", b, err)
		}
	}
	m, err := Decode([]byte(`{"type":"ping","term":18446744073709551615}`))
	if err != nil || m.Term != 1<<64-1 {
		t.Fatalf("the largest term: %v, %v", m, err)
	}
}

// TestConnSetsItsTerm: a connection's term goes on every message it
// sends, and the message given is left as it was (it may be sent on
// other streams at once).
func TestConnSetsItsTerm(t *testing.T) {
	var buf bytes.Buffer
	c := NewConn(&buf)
	c.SetTerm(4)
	m := &Msg{Type: TPing, Term: 9}
	if err := c.Send(m); err != nil {
		t.Fatal(err)
	}
	if m.Term != 9 {
		t.Fatalf("Send changed the message's term to %d", m.Term)
	}
	got, err := NewConn(&buf).Recv()
	if err != nil || got.Term != 4 {
		t.Fatalf("received %+v, %v; want term 4", got, err)
	}
}
