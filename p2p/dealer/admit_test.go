package dealer_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/internal/hostile"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/discover"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// try says hello on a new raw stream from host i and returns the answer;
// a refused stream is reset, as the client does.
func (r *rig) try(t *testing.T, i int, h *wire.Hello) *wire.Msg {
	t.Helper()
	c, st := r.raw(t, i)
	h.Version = wire.Version
	c.Send(&wire.Msg{Type: wire.THello, Hello: h})
	m := answer(t, c)
	if m.Type == wire.TRefused {
		st.Reset()
	}
	return m
}

// TestGuessingThePINIsHeldOff: a device has five wrong PINs, then waits
// (its next PIN, even the right one, is refused pin-wait unlooked at);
// another device's wrong PINs bring the table's count to ten: the host is
// told, and every PIN waits, but the table's key still lets a device in.
// The host changes the PIN: the counts start afresh and the host's
// warning goes; the device let in by the key comes back without the PIN.
func TestGuessingThePINIsHeldOff(t *testing.T) {
	var mu sync.Mutex
	var told []int
	key := dealer.NewKey()
	r := newRig(t, "hongkong", 1, dealer.Config{PIN: "4321", Key: key, OnGuessing: func(n int) {
		mu.Lock()
		told = append(told, n)
		mu.Unlock()
	}}, nil)
	for i := range dealer.FreeTries {
		wantRefused(t, "wrong PIN "+string(rune('1'+i)), r.try(t, 1, &wire.Hello{Player: wire.AnySeat, PIN: "0000"}), table.ReasonBadPIN)
	}
	m := r.try(t, 1, &wire.Hello{Player: wire.AnySeat, PIN: "4321"})
	wantRefused(t, "the right PIN in the device's back-off", m, table.ReasonPINWait)
	if m.Refused.Wait <= 0 || m.Refused.Wait > dealer.FirstWait || !strings.Contains(m.Refused.Detail, "from this device") {
		t.Fatalf("the back-off refusal: %+v", m.Refused)
	}
	for range dealer.TableTries - dealer.FreeTries {
		wantRefused(t, "host 2's wrong PIN", r.try(t, 2, &wire.Hello{Player: wire.AnySeat, PIN: "1111"}), table.ReasonBadPIN)
	}
	mu.Lock()
	if len(told) != 1 || told[0] != dealer.TableTries {
		t.Errorf("the host was told %v, want [%d]", told, dealer.TableTries)
	}
	mu.Unlock()
	if err := waitFor(func() bool {
		s, _ := r.tbl.Snapshot(context.Background(), table.Spectator)
		return s.Info.Guessing == dealer.TableTries
	}); err != nil {
		t.Fatal("the table does not show that someone is guessing the PIN")
	}
	m = r.try(t, 3, &wire.Hello{Player: wire.AnySeat, PIN: "4321"})
	wantRefused(t, "a new device in the table's back-off", m, table.ReasonPINWait)
	if !strings.Contains(m.Refused.Detail, "at this table") {
		t.Fatalf("the table's back-off refusal: %+v", m.Refused)
	}
	if m := r.try(t, 3, &wire.Hello{Player: wire.AnySeat, Key: strings.ToUpper(key)}); m.Type != wire.TWelcome {
		t.Fatalf("the table's key (typed in capitals) during the back-off: %s %+v", m.Type, m.Refused)
	}

	r.dealer.SetPIN("9876")
	if err := waitFor(func() bool {
		s, _ := r.tbl.Snapshot(context.Background(), table.Spectator)
		return s.Info.Guessing == 0
	}); err != nil {
		t.Fatal("the warning stays after the PIN changed")
	}
	wantRefused(t, "the old PIN", r.try(t, 1, &wire.Hello{Player: wire.AnySeat, PIN: "4321"}), table.ReasonBadPIN)
	if m := r.try(t, 2, &wire.Hello{Player: wire.AnySeat, PIN: "9876"}); m.Type != wire.TWelcome {
		t.Fatalf("the new PIN: %s %+v", m.Type, m.Refused)
	}
	c, err := client.Join(context.Background(), r.hosts[3], r.dealerInfo(), client.Options{Player: wire.AnySeat})
	if err != nil {
		t.Fatalf("the device let in by the key, back without PIN or key: %v", err)
	}
	c.Close()
}

// TestANewPINStartsTheCountsAfresh: two devices' wrong PINs put both
// devices, their addresses and the table in their back-off, and the host
// is told; the host sets a new PIN at once. The first device's new PIN
// lets it in at once, the second's next wrong PIN is looked at (neither
// waits for a count of guesses against the old PIN), and the table takes
// TableTries wrong PINs against the new PIN before the host is told again.
func TestANewPINStartsTheCountsAfresh(t *testing.T) {
	var mu sync.Mutex
	var told []int
	r := newRig(t, "hongkong", 1, dealer.Config{PIN: "4321", OnGuessing: func(n int) {
		mu.Lock()
		told = append(told, n)
		mu.Unlock()
	}}, nil)
	toldNow := func() []int {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(told)
	}
	for _, i := range []int{1, 2} {
		for range dealer.FreeTries {
			wantRefused(t, "a wrong PIN", r.try(t, i, &wire.Hello{Player: wire.AnySeat, PIN: "0000"}), table.ReasonBadPIN)
		}
	}
	if got := toldNow(); !slices.Equal(got, []int{dealer.TableTries}) {
		t.Fatalf("the host was told %v, want [%d]", got, dealer.TableTries)
	}
	// Every count now makes the next PIN wait FirstWait (1 s): what
	// follows, up to host 2's wrong PIN, takes a few milliseconds.
	r.dealer.SetPIN("9876")
	if m := r.try(t, 1, &wire.Hello{Player: wire.AnySeat, PIN: "9876"}); m.Type != wire.TWelcome {
		t.Fatalf("the new PIN from a device that guessed the old one: %s %+v", m.Type, m.Refused)
	}
	wantRefused(t, "a wrong PIN after the new PIN", r.try(t, 2, &wire.Hello{Player: wire.AnySeat, PIN: "0000"}), table.ReasonBadPIN)
	if got := toldNow(); len(got) != 1 {
		t.Fatalf("the host was told %v after the new PIN's first wrong guess, want nothing more", got)
	}
	for _, g := range []struct{ host, wrong int }{{3, dealer.FreeTries}, {4, dealer.TableTries - dealer.FreeTries - 2}} {
		for range g.wrong {
			wantRefused(t, fmt.Sprint("host ", g.host, "'s wrong PIN"), r.try(t, g.host, &wire.Hello{Player: wire.AnySeat, PIN: "1111"}), table.ReasonBadPIN)
		}
	}
	if got := toldNow(); len(got) != 1 {
		t.Fatalf("the host was told %v after %d wrong PINs against the new one, want nothing more", got, dealer.TableTries-1)
	}
	wantRefused(t, "the table's 10th wrong PIN against the new one", r.try(t, 4, &wire.Hello{Player: wire.AnySeat, PIN: "1111"}), table.ReasonBadPIN)
	if got := toldNow(); !slices.Equal(got, []int{dealer.TableTries, dealer.TableTries}) {
		t.Fatalf("the host was told %v, want [%d %d]", got, dealer.TableTries, dealer.TableTries)
	}
}

// TestFloodsAreRefused: one device's streams, spectators and requests are
// limited, each refusal with its reason; a stream that goes on past its
// limit is closed; names are cut and cleaned; a malformed hello's refusal
// reaches the device before the stream closes.
func TestFloodsAreRefused(t *testing.T) {
	r := newRig(t, "hongkong", 1, dealer.Config{}, nil, func(l *table.Local) table.Table { return named{l} })
	t.Run("malformed hello", func(t *testing.T) {
		c, st := r.raw(t, 1)
		st.Write(wire.AppendFrame(nil, []byte(`{"type":"hello","hello":{`)))
		wantRefused(t, "a malformed hello", answer(t, c), table.ReasonBadIntent)
	})
	t.Run("spectators", func(t *testing.T) {
		for range dealer.MaxSpectatorsPerPeer {
			if m := r.try(t, 4, &wire.Hello{Player: table.Spectator}); m.Type != wire.TWelcome {
				t.Fatalf("a spectator: %s", m.Type)
			}
		}
		wantRefused(t, "a third spectator from one device", r.try(t, 4, &wire.Hello{Player: table.Spectator}), table.ReasonTooMany)
	})
	t.Run("streams", func(t *testing.T) {
		for range dealer.MaxStreamsPerPeer {
			// Half a hello: the stream reaches the dealer, which waits.
			_, st := r.raw(t, 3)
			st.Write([]byte{5})
		}
		time.Sleep(200 * time.Millisecond)
		c, _ := r.raw(t, 3)
		wantRefused(t, "a fifth stream from one device", answer(t, c), table.ReasonTooMany)
	})
	t.Run("names", func(t *testing.T) {
		if m := r.try(t, 1, &wire.Hello{Player: 1, Name: " Anne\u202e\x07\n" + strings.Repeat("é", 100)}); m.Type != wire.TWelcome {
			t.Fatalf("a long name: %s", m.Type)
		}
		var name string
		waitFor(func() bool {
			s, _ := r.tbl.Snapshot(context.Background(), table.Spectator)
			name = s.Info.Seats[1].Name
			return strings.HasPrefix(name, "Anne")
		})
		if utf8.RuneCountInString(name) != wire.MaxName || !strings.HasPrefix(name, "Anneéé") {
			t.Fatalf("the name kept is %q, want Anne and é up to %d runes", name, wire.MaxName)
		}
	})
	t.Run("requests", func(t *testing.T) {
		c, st := r.raw(t, 2)
		c.Send(&wire.Msg{Type: wire.THello, Hello: &wire.Hello{Version: wire.Version, Player: table.Spectator}})
		if m := answer(t, c); m.Type != wire.TWelcome {
			t.Fatalf("a spectator: %s", m.Type)
		}
		const sent = 3000
		st.SetReadDeadline(time.Now().Add(20 * time.Second))
		answered, refused := hostile.FloodSnapshots(c, sent, 1)
		t.Logf("%d snapshot requests at once: %d answered, %d refused too-many, then the stream was closed", sent, answered, refused)
		if answered > dealer.AskBurst+dealer.AskRate*5 || refused == 0 || answered+refused >= sent {
			t.Fatalf("%d answered, %d refused of %d: the flood was not held off", answered, refused, sent)
		}
	})
	t.Run("lobby", func(t *testing.T) {
		var tooMany error
		for i := 0; i < 3*dealer.LobbyBurst && tooMany == nil; i++ {
			_, err := discover.Ask(context.Background(), r.hosts[1], r.dealerInfo())
			switch {
			case isRefused(err, table.ReasonTooMany):
				tooMany = err
			case err != nil:
				t.Fatal(err)
			}
		}
		if tooMany == nil {
			t.Fatalf("%d lobby requests at once were all answered", 3*dealer.LobbyBurst)
		}
	})
}

// named is a table that takes the names the devices give (as the app's).
type named struct{ *table.Local }

func (n named) SetName(p int, name string) error {
	return n.SetSeat(p, table.SeatConfig{Name: name, Kind: table.SeatRemote})
}
