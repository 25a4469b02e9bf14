package dealer

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base32"
	"strings"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/peer"
	"golang.org/x/time/rate"
)

// The admission limits. A wrong PIN (or key) counts against the device
// identity that gave it, the network address it came from and the whole
// table. Each of them takes a few wrong PINs at once; after that, every
// wrong PIN makes its next PIN wait, FirstWait doubled at each one up to
// MaxWait, and a hello arriving during the wait is refused (pin-wait)
// without its PIN being looked at. New identities cost nothing and an
// address can be changed, so the table's own count is what binds a
// determined guesser: with TableTries = 10, FirstWait = 1 s and MaxWait =
// 15 min, the n-th wrong PIN (n ≥ 20) comes at the earliest
// 1023 s + (n−20)·900 s after the first. A four-digit PIN (10,000 PINs)
// is then found after 5,000 guesses on average: 52 days; all 10,000 take
// 104 days; a six-hour evening allows 42 guesses, a 0.42% chance, and the
// host is told from the 10th on (Config.OnGuessing, Guarding) and may
// change the PIN (SetPIN), which starts the counts afresh. A device that
// joins by the table's address with its key (Config.Key, 80 random bits,
// in the QR code) needs no PIN; a device holding a seat, or once let in,
// is let in again by its identity alone. TestGuessingTakesLongerThanAnEvening
// checks these figures.
const (
	// FreeTries are the wrong PINs a device identity or an address may
	// give before backing off.
	FreeTries = 5
	// TableTries are the wrong PINs the whole table takes before backing
	// off and telling the host.
	TableTries = 10
	// FirstWait is the first back-off; each wrong PIN after it doubles it.
	FirstWait = time.Second
	// MaxWait is the longest back-off.
	MaxWait = 15 * time.Minute
)

// The per-peer limits. A device holds one table stream (two for a
// moment while it reconnects); a spectator device or two may watch.
const (
	// MaxStreamsPerPeer is the most table streams one device may hold
	// open at once.
	MaxStreamsPerPeer = 4
	// MaxSpectatorsPerPeer is the most spectator streams one device may
	// hold (a table centre or two).
	MaxSpectatorsPerPeer = 2
	// MaxSpectators is the most spectators a table serves.
	MaxSpectators = 8
	// MaxStrangers is the most table streams the devices not let in yet
	// may hold open at once, all together.
	MaxStrangers = 32
	// MsgRate and MsgBurst limit the messages one stream may send (per
	// second, and at once): an intent, a ping, a commitment each count. A
	// message over the budget is held back up to maxHold, then refused
	// (too-many).
	MsgRate, MsgBurst = 100, 200
	// AskRate and AskBurst limit the snapshot and hand requests one
	// stream may send: each costs the dealer a whole snapshot or hand.
	AskRate, AskBurst = 10, 30
	// MaxOver is how many messages in a row a stream may send over its
	// limits (each refused, too-many) before the dealer closes it.
	MaxOver = 20
	// LobbyRate and LobbyBurst limit the lobby answers the dealer gives,
	// to every device together.
	LobbyRate, LobbyBurst = 20, 40
)

// strikes are the wrong PINs counted against one identity, address or
// the table.
type strikes struct {
	wrong int
	// next is when the next PIN is looked at.
	next time.Time
}

// fail counts a wrong PIN at now; past free, the next waits.
func (s *strikes) fail(now time.Time, free int) {
	s.wrong++
	if k := s.wrong - free; k >= 0 {
		s.next = now.Add(backOff(k))
	}
}

// backOff is the wait after the (free+k+1)-th wrong PIN.
func backOff(k int) time.Duration {
	if k >= 20 {
		return MaxWait
	}
	return min(FirstWait<<k, MaxWait)
}

// gate counts wrong PINs by device identity, by address and for the
// whole table.
type gate struct {
	byPeer map[peer.ID]*strikes
	byAddr map[string]*strikes
	table  strikes
}

func newGate() *gate {
	return &gate{byPeer: map[peer.ID]*strikes{}, byAddr: map[string]*strikes{}}
}

// wait returns how long a hello from id at addr must wait before its PIN
// is looked at, and whose count makes it wait.
func (g *gate) wait(now time.Time, id peer.ID, addr string) (time.Duration, string) {
	w, who := g.table.next.Sub(now), "at this table"
	if p := g.byPeer[id]; p != nil && p.next.Sub(now) > w {
		w, who = p.next.Sub(now), "from this device"
	}
	if a := g.byAddr[addr]; a != nil && a.next.Sub(now) > w {
		w, who = a.next.Sub(now), "from this network address"
	}
	return max(w, 0), who
}

// fail counts a wrong PIN from id at addr and returns the table's count.
func (g *gate) fail(now time.Time, id peer.ID, addr string) int {
	counted(g.byPeer, id).fail(now, FreeTries)
	counted(g.byAddr, addr).fail(now, FreeTries)
	g.table.fail(now, TableTries)
	return g.table.wrong
}

// counted returns the strikes of k in m, made when missing.
func counted[K comparable](m map[K]*strikes, k K) *strikes {
	s := m[k]
	if s == nil {
		s = &strikes{}
		m[k] = s
	}
	return s
}

// keyLen is a table key's length in base32 characters: 80 bits.
const keyLen = 16

// keyEncoding writes keys in lower-case base32 without padding.
var keyEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewKey returns a random table key (80 bits, 16 lower-case base32
// characters): a device that gives it joins without the PIN. It travels in
// the table's join address and QR code (discover.WithKey), never in the
// lobby or mDNS.
func NewKey() string {
	b := make([]byte, keyLen*5/8)
	rand.Read(b)
	return strings.ToLower(keyEncoding.EncodeToString(b))
}

// matches tells, in constant time, whether given is the secret set; an
// unset secret matches nothing.
func matches(given, set string) bool {
	return set != "" && subtle.ConstantTimeCompare([]byte(given), []byte(set)) == 1
}

// limiter is a stream's message budget.
type limiter struct {
	all, ask *rate.Limiter
	// over counts the messages in a row refused over the budget.
	over int
}

func newLimiter() *limiter {
	return &limiter{all: rate.NewLimiter(MsgRate, MsgBurst), ask: rate.NewLimiter(AskRate, AskBurst)}
}

// budgets are the budgets a message of type t draws on.
func (l *limiter) budgets(t wire.Type) []*rate.Limiter {
	if t == wire.TSnapReq || t == wire.THandReq {
		return []*rate.Limiter{l.all, l.ask}
	}
	return []*rate.Limiter{l.all}
}

// maxHold is the longest a message is held back for its stream's budget
// before it is refused instead: shorter than the time a snapshot or hand
// request waits for its budget once AskBurst are spent, so those are
// refused, while the other messages are slowed down to MsgRate.
const maxHold = 40 * time.Millisecond
