package record_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// TestDecodeRefusesEventsMissingTheirFields (issue 10 item 7): an event
// without the meld, action, start, result or tile its type needs is
// refused with the line, and game.Redact does not panic on one.
func TestDecodeRefusesEventsMissingTheirFields(t *testing.T) {
	for _, line := range []string{
		`{"type":"concealed-kong","seat":"E","from":"-"}`,
		`{"type":"claim","seat":"S","from":"E","tiles":["5p"]}`,
		`{"type":"action","seat":"E","from":"-"}`,
		`{"type":"hand-start","seat":"-","from":"-"}`,
		`{"type":"hand-end","seat":"-","from":"-"}`,
		`{"type":"discard","seat":"E","from":"-"}`,
	} {
		_, err := record.Decode([]byte(header + "\n" + line + "\n"))
		if !errors.Is(err, record.ErrRecord) || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "without") {
			t.Errorf("%s: got %v, want a record error on line 2 saying what is missing", line, err)
		}
		var e game.Event
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatal(err)
		}
		for _, seat := range []rules.Wind{rules.E, rules.S, rules.NoWind} {
			game.Redact([]game.Event{e}, seat)
		}
	}
}

// TestRecordsWithoutSettlementNetReplay: records written before the
// settlement carried its net in JSON still decode and replay.
func TestRecordsWithoutSettlementNetReplay(t *testing.T) {
	_, data := readGolden(t, "hongkong")
	var old bytes.Buffer
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatal(err)
		}
		if res, ok := m["result"].(map[string]any); ok {
			delete(res["settlement"].(map[string]any), "net")
			line, _ = json.Marshal(m)
		}
		old.Write(line)
		old.WriteByte('\n')
	}
	rec, err := record.Decode(old.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Replay(nil); err != nil {
		t.Fatal(err)
	}
}

// TestUserCardRecordReplays (AM-11): a game on a user's card carries the
// card's text in its header, and replays from the record alone.
func TestUserCardRecordReplays(t *testing.T) {
	text, err := os.ReadFile("../rules/american/card/house-card.txt")
	if err != nil {
		t.Fatal(err)
	}
	r, err := rules.GetWithCard("american", string(text))
	if err != nil {
		t.Fatal(err)
	}
	o, err := rules.ResolveOptions(r, map[string]string{"card": "user"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := game.MatchConfig{Ruleset: r, Options: o, Seed: wall.SeedFromString("user card")}
	m, evs, err := game.NewMatch(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec := record.New(cfg)
	rec.Header.Card = string(text)
	rec.Add(evs...)
	var players [4]ai.Player
	for p := range players {
		players[p], _ = ai.New(ai.Novice, wall.Derive(cfg.Seed, "player", p))
	}
	for m.Hand.Phase != game.PhaseEnd {
		p := m.PlayerAt(m.Hand.Waiting()[0])
		evs, err := m.Apply(p, players[p].Decide(m.View(p)))
		if err != nil {
			t.Fatal(err)
		}
		rec.Add(evs...)
	}
	data, err := rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := back.Replay(nil); err != nil {
		t.Fatal(err)
	}
	back.Header.Card = ""
	if _, err := back.Replay(nil); err == nil {
		t.Fatal("a card=user record replayed without its card")
	}
}
