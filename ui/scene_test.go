package ui

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

func TestMain(m *testing.M) {
	os.Setenv("LANG", "en_US.UTF-8")
	os.Exit(m.Run())
}

// stillTable is a table that shows one fixed snapshot and records the
// intents it is sent: the screens' tests need no engine.
type stillTable struct {
	once sync.Once
	mu   sync.Mutex
	snap table.Snapshot
	got  []table.Intent
	sent chan table.Intent
	ch   chan table.Update
	// refuse, when set, is what Submit answers.
	refuse error
}

func newStillTable(s table.Snapshot) *stillTable {
	return &stillTable{snap: s, ch: make(chan table.Update), sent: make(chan table.Intent, 100)}
}

func (f *stillTable) Snapshot(context.Context, int) (table.Snapshot, error) { return f.snap, nil }

func (f *stillTable) Submit(_ context.Context, in table.Intent) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.got = append(f.got, in)
	f.sent <- in
	return f.refuse
}

func (f *stillTable) Subscribe(context.Context, int) (table.Snapshot, table.Subscription, error) {
	return f.snap, stillSub{f}, nil
}

func (f *stillTable) Close() error { return nil }

func (f *stillTable) intents() []table.Intent {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]table.Intent(nil), f.got...)
}

// stillSub is a stillTable's subscription: no update ever comes.
type stillSub struct{ f *stillTable }

func (s stillSub) Updates() <-chan table.Update { return s.f.ch }
func (s stillSub) Close()                       { s.f.once.Do(func() { close(s.f.ch) }) }

// midHand is a hongkong hand in progress: the person (player 0, South)
// may pung, chow two ways or pass West's discard 4s.
func midHand() table.Snapshot {
	must := func(s string) tile.Counts { return tile.CountsOf(tile.MustParse(s)) }
	v := &game.View{Seat: rules.S, Ruleset: "hongkong", Number: 3, Round: rules.E, Dominant: rules.E,
		Phase: game.PhaseClaim, Turn: rules.E, Pending: tile.S1 + 3, StateID: 42,
		Hand: must("23s 44s 567p 19m 11z 77z"), Drawn: tile.None, Joker: tile.None, WallLive: 61, Dice: [2]int{7, 5}}
	if r, err := rules.Get("hongkong"); err == nil {
		_ = v.Attach(r, rules.DefaultOptions(r)) // the wall's shape is the ruleset's
	}
	v.Seats[rules.E] = game.SeatView{Concealed: 10, Melds: []hand.Meld{{Kind: hand.Pung, Tile: tile.Green, Open: true, Claimed: 1, From: 2}},
		Discards: discards("9m 1p 2z 8s 4s"), Bonus: []tile.Kind{tile.F1 + 2}}
	v.Seats[rules.S] = game.SeatView{Concealed: 13, Discards: discards("3z 9p 1s 6m"), Bonus: []tile.Kind{tile.Y1 + 1}}
	v.Seats[rules.W] = game.SeatView{Concealed: 13, Discards: discards("4z 2m 7p 5z 8m")}
	v.Seats[rules.N] = game.SeatView{Concealed: 10, Melds: []hand.Meld{{Kind: hand.Chow, Tile: tile.M1 + 2, Open: true, Claimed: 2, From: 3}},
		Discards: discards("1z 9s 3p 6z")}
	v.Seats[rules.E].Discards[2].Claimed = true
	v.Legal = []game.Action{game.Act(game.ActPass, tile.None), game.Act(game.ActChow, tile.S1+1),
		game.Act(game.ActChow, tile.S1+2), game.Act(game.ActPung, tile.S1+3)}
	last := &game.Event{Type: game.EvDiscard, Seat: rules.E, Tiles: []tile.Kind{tile.S1 + 3}}
	return table.Snapshot{Seq: 7, Player: 0, View: v, Last: last,
		Info: table.Info{Rules: "hongkong", Hand: 3, Round: rules.E,
			Winds:    [4]rules.Wind{rules.S, rules.W, rules.N, rules.E},
			Balances: [4]int{120, -40, 300, -380},
			Seats: [4]table.SeatInfo{{Name: "You", Kind: table.SeatHuman}, {Name: "Mei", Kind: table.SeatAI},
				{Name: "Jun", Kind: table.SeatAI}, {Name: "Li", Kind: table.SeatAI}}}}
}

// handOver is midHand after South (the person) won on a self-drawn 8p.
func handOver() table.Snapshot {
	s := midHand()
	v := *s.View
	v.Phase, v.Legal = game.PhaseEnd, nil
	v.Seats[rules.S].Melds = []hand.Meld{{Kind: hand.Pung, Tile: tile.Red, Open: true, Claimed: 3, From: 3}} // the [777z] of the winning hand
	r, _ := rules.Get("hongkong")
	ctx := rules.Context{Options: rules.DefaultOptions(r), Seat: rules.S, Round: rules.E, Dominant: rules.E, From: rules.NoWind, Joker: tile.None}
	win := "234s 444s 567p 1z [777z] +1z bonus: 2y"
	val, _ := rules.Score(r, win, ctx)
	res := &game.Result{Winner: rules.S, From: rules.NoWind, Tile: tile.East,
		Hands: [4]string{"99m 123p 456p 88s 2z [666z] bonus: 3f", win, "1234567m 12p 4z 4z 4z", "13579p 2468s [345m]"}}
	res.Values[rules.S] = val
	res.Settlement.Pay(rules.E, rules.S, 2*val.Value)
	res.Settlement.Pay(rules.W, rules.S, val.Value)
	res.Settlement.Pay(rules.N, rules.S, val.Value)
	v.Result = res
	s.View = &v
	s.Clock = nil
	s.Last = &game.Event{Type: game.EvMahjong, Seat: rules.S, Tiles: []tile.Kind{tile.East}}
	s.Info.History = []game.HandSummary{{Number: 3, Winner: 0, Result: res}}
	return s
}

func discards(s string) []game.Discard {
	var out []game.Discard
	for _, k := range tile.MustParse(s) {
		out = append(out, game.Discard{Tile: k})
	}
	return out
}

// noTables opens no table: screens that never start a game.
type noTables struct{ t table.Table }

func (n noTables) New(Setup) (table.Table, error)                    { return n.t, nil }
func (n noTables) Resume(string, time.Duration) (table.Table, error) { return n.t, nil }

// newTestApp builds the app in a test window of size sz.
func newTestApp(t *testing.T, tb Tables, sz fyne.Size) (*App, fyne.Window) {
	t.Helper()
	fa := test.NewTempApp(t)
	fa.Settings().SetTheme(uitest.Theme(theme.VariantLight))
	fa.Preferences().SetBool(PrefAnimate, false) // still images must not catch a tile mid-flight
	w := test.NewTempWindow(t, nil)
	w.Resize(sz)
	a := New(fa, w, tb)
	a.dir = t.TempDir()
	t.Cleanup(a.closeGame) // no screen of this test works on into the next
	if err := words.Use("en"); err != nil {
		t.Fatal(err)
	}
	return a, w
}
