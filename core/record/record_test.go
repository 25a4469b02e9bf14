package record_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

var update = flag.Bool("update", false, "rewrite the golden records in testdata from freshly played games")

// goldenIDs are the rulesets with a golden recorded game in testdata.
var goldenIDs = []string{"classical", "hongkong", "french", "jilin", "american"}

// goldenPath is where ruleset id's golden record lives.
func goldenPath(id string) string { return filepath.Join("testdata", id+".jsonl") }

// playGolden records a whole game of ruleset id with its default options
// between four novice players, from a fixed seed.
func playGolden(t testing.TB, id string) *record.Record {
	t.Helper()
	r, err := rules.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := playNovices(t, "the golden game of "+id, game.MatchConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("golden " + id)})
	return rec
}

// playNovices records the whole game cfg deals between four novice
// players (what names it in a failure) and returns it with the match.
func playNovices(t testing.TB, what string, cfg game.MatchConfig) (*record.Record, *game.Match) {
	t.Helper()
	m, evs, err := game.NewMatch(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec := record.New(cfg)
	rec.Add(evs...)
	var players [4]ai.Player
	for p := range players {
		if players[p], err = ai.New(ai.Novice, wall.Derive(cfg.Seed, "player", p)); err != nil {
			t.Fatal(err)
		}
	}
	for steps := 0; !m.Over; steps++ {
		if steps > 100_000 {
			t.Fatalf("%s does not end", what)
		}
		if m.Hand.Phase == game.PhaseEnd {
			evs, err = m.NextHand()
		} else {
			p := m.PlayerAt(m.Hand.Waiting()[0])
			evs, err = m.Apply(p, players[p].Decide(m.View(p)))
		}
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		rec.Add(evs...)
	}
	return rec, m
}

// readGolden decodes ruleset id's golden record.
func readGolden(t testing.TB, id string) (*record.Record, []byte) {
	t.Helper()
	data, err := os.ReadFile(goldenPath(id))
	if err != nil {
		t.Fatalf("%v (run go test ./core/record -update to write it)", err)
	}
	rec, err := record.Decode(data)
	if err != nil {
		t.Fatalf("%s: %v", goldenPath(id), err)
	}
	return rec, data
}

// TestGoldenRecords plays each golden game afresh and compares its record
// with the golden file byte for byte; -update rewrites the files.
func TestGoldenRecords(t *testing.T) {
	for _, id := range goldenIDs {
		t.Run(id, func(t *testing.T) {
			fresh, err := playGolden(t, id).Encode()
			if err != nil {
				t.Fatal(err)
			}
			if *update {
				if err := os.WriteFile(goldenPath(id), fresh, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, golden := readGolden(t, id)
			if !bytes.Equal(fresh, golden) {
				t.Fatalf("%s differs from a freshly played game at %s; if the change is meant, run go test ./core/record -update",
					goldenPath(id), firstDifference(golden, fresh))
			}
		})
	}
}

// firstDifference names the first line where two records differ.
func firstDifference(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n golden %s\n fresh  %s", i+1, la[i], lb[i])
		}
	}
	return fmt.Sprintf("line %d (the records have %d and %d lines)", min(len(la), len(lb))+1, len(la), len(lb))
}

// TestGoldenRecordsReplay replays each golden file exactly, checking the
// engine's invariants after every event, to the end of the game.
func TestGoldenRecordsReplay(t *testing.T) {
	for _, id := range goldenIDs {
		t.Run(id, func(t *testing.T) {
			rec, _ := readGolden(t, id)
			events := 0
			m, err := rec.Replay(func(m *game.Match, _ game.Event) {
				events++
				if err := m.Hand.CheckInvariants(); err != nil {
					t.Fatalf("event %d: %v", events, err)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if !m.Over || events != len(rec.Events) {
				t.Fatalf("the replay stops after %d of %d events, over: %v", events, len(rec.Events), m.Over)
			}
			cfg, err := rec.Config()
			if err != nil {
				t.Fatal(err)
			}
			start := cfg.Ruleset.Setup(cfg.Options).StartBalance
			for p := range 4 {
				sum := start
				for _, h := range m.History {
					sum += h.Net[p]
				}
				if m.Balances[p] != sum {
					t.Fatalf("player %d ends with %d, want %d", p, m.Balances[p], sum)
				}
			}
		})
	}
}

// header is a valid first line for the tests below.
const header = `{"format":"fourwinds-record/1","ruleset":"hongkong","options":{},"seed":"` +
	"0000000000000000000000000000000000000000000000000000000000000000" + `"}`

func TestDecodeErrorsNameTheLine(t *testing.T) {
	event := `{"type":"discard","seat":"E","tiles":["5p"],"from":"-"}`
	for _, c := range []struct {
		name, data, want string
	}{
		{"empty", "", "empty"},
		{"not a header", "hello\n", "line 1"},
		{"another format", `{"format":"other/2"}` + "\n", "line 1"},
		{"bad JSON", header + "\n" + event + "\n{\"type\":\n", "line 3"},
		{"unknown event type", header + "\n" + `{"type":"nope"}`, "line 2"},
		{"bad tile", header + "\n" + event + "\n" + `{"type":"draw","seat":"S","tiles":["5x"],"from":"-"}`, "line 3"},
		{"bad wind", header + "\n" + `{"type":"draw","seat":"Q","tiles":["5p"],"from":"-"}`, "line 2"},
		{"action without its action", header + "\n\n" + `{"type":"action","seat":"E","from":"-"}`, "line 3"},
		{"line too long", header + "\n" + event + "\n" + strings.Repeat("x", record.MaxLine+1), "line 3"},
	} {
		_, err := record.Decode([]byte(c.data))
		if !errors.Is(err, record.ErrRecord) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want a record error naming %q", c.name, err, c.want)
		}
	}
}

func TestDecodeSkipsBlankLines(t *testing.T) {
	data := "\n  \n" + header + "\n\n" + `{"type":"discard","seat":"E","tiles":["5p"],"from":"-"}` + "\n\n"
	rec, err := record.Decode([]byte(data))
	if err != nil || rec.Header.Ruleset != "hongkong" || len(rec.Events) != 1 || rec.Events[0].Tile() != tile.MustParse("5p")[0] {
		t.Fatalf("got %+v, %v: want the header and one discard", rec, err)
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	rec, data := readGolden(t, "french")
	again, err := rec.Encode()
	if err != nil || !bytes.Equal(again, data) {
		t.Fatalf("encoding the decoded golden record changes it (%v)", err)
	}
}

// tamperings change a game's events so that they no longer follow from
// its seed and its actions, each with what the replay's error says.
var tamperings = []struct {
	name   string
	tamper func(evs []game.Event) []game.Event
	want   string
}{
	{"a drawn tile changed", func(evs []game.Event) []game.Event {
		i := indexOf(evs, game.EvDraw, 0)
		d := evs[i]
		d.Tiles = []tile.Kind{d.Tile() ^ 1}
		evs[i] = d
		return evs
	}, "differs on replay"},
	{"an action removed", func(evs []game.Event) []game.Event {
		i := indexOf(evs, game.EvAction, 3)
		return append(evs[:i:i], evs[i+1:]...)
	}, "not caused by any action"},
	{"an illegal action", func(evs []game.Event) []game.Event {
		i := indexOf(evs, game.EvAction, 0)
		a := *evs[i].Action
		a.Type = game.ActChow
		evs[i].Action = &a
		return evs
	}, "may not"},
}

// wantRefused fails t unless err is a record error naming the event and
// saying want.
func wantRefused(t *testing.T, err error, want string) {
	t.Helper()
	if !errors.Is(err, record.ErrRecord) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "event ") {
		t.Fatalf("got %v, want a record error naming the event and %q", err, want)
	}
}

func TestReplayRefusesATamperedRecord(t *testing.T) {
	for _, c := range tamperings {
		t.Run(c.name, func(t *testing.T) {
			rec, _ := readGolden(t, "hongkong")
			rec.Events = c.tamper(rec.Events)
			_, err := rec.Replay(nil)
			wantRefused(t, err, c.want)
		})
	}
}

func indexOf(evs []game.Event, typ game.EventType, n int) int {
	for i, e := range evs {
		if e.Type == typ {
			if n == 0 {
				return i
			}
			n--
		}
	}
	return -1
}

func TestConfigErrors(t *testing.T) {
	for _, h := range []record.Header{
		{Format: record.Format, Ruleset: "nope"},
		{Format: record.Format, Ruleset: "hongkong", Options: map[string]string{"HK-OPT-1": "sometimes"}},
	} {
		rec := &record.Record{Header: h}
		if _, err := rec.Config(); !errors.Is(err, record.ErrRecord) {
			t.Errorf("%+v: got %v, want a record error", h, err)
		}
		if _, err := rec.Replay(nil); !errors.Is(err, record.ErrRecord) {
			t.Errorf("replay of %+v: got %v, want a record error", h, err)
		}
	}
}

// FuzzDecode: no input panics Decode or Replay; what decodes encodes back
// to a record that decodes to the same encoding. The seeds include a
// record whose hands are dealt from walls written out (FormatWalls).
func FuzzDecode(f *testing.F) {
	f.Add([]byte(""))
	f.Add([]byte(header + "\n" + `{"type":"action","seat":"E","from":"-","action":{"type":"discard","tile":"1z"}}`))
	f.Add([]byte(header + "\n" + `{"type":"hand-start","seat":"-","from":"-","start":{"number":2}}`))
	if data, err := os.ReadFile(goldenPath("hongkong")); err == nil {
		lines := bytes.SplitAfter(data, []byte("\n"))
		f.Add(bytes.Join(lines[:min(len(lines), 12)], nil))
	}
	if rec, _ := playWalled(f, "hongkong"); rec != nil {
		rec.Events = rec.Events[:12]
		rec.Header.Walls = rec.Header.Walls[:2]
		if data, err := rec.Encode(); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"format":"fourwinds-record/2","ruleset":"hongkong","options":{},"seed":"` + strings.Repeat("0", 64) + `","walls":[{"hand":1,"ring":["1m","??"],"throws":[2,12]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := record.Decode(data)
		if err != nil {
			if !errors.Is(err, record.ErrRecord) {
				t.Fatalf("an error that is not a record error: %v", err)
			}
			return
		}
		enc, err := rec.Encode()
		if err != nil {
			return
		}
		back, err := record.Decode(enc)
		if err != nil {
			t.Fatalf("the encoding of a decoded record does not decode: %v\n%s", err, enc)
		}
		if enc2, err := back.Encode(); err != nil || !bytes.Equal(enc, enc2) {
			t.Fatalf("encoding is not stable: %v", err)
		}
		if len(rec.Events) < 500 {
			_, _ = rec.Replay(nil) // only a panic would matter here
		}
	})
}

func BenchmarkDecode(b *testing.B) {
	_, data := readGolden(b, "hongkong")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := record.Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReplay(b *testing.B) {
	rec, _ := readGolden(b, "hongkong")
	for b.Loop() {
		if _, err := rec.Replay(nil); err != nil {
			b.Fatal(err)
		}
	}
}
