package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
)

// Version is the table protocol's version, carried in every hello. A
// dealer refuses a hello of another version.
const Version = 1

// The libp2p protocol ids.
const (
	// TableProtocol carries one client's seat: hello, intents, snapshots,
	// updates, the deal's commitments and heartbeats.
	TableProtocol = "/fourwinds/table/1.0.0"
	// LobbyProtocol answers one Lobby message and closes.
	LobbyProtocol = "/fourwinds/lobby/1.0.0"
	// VoteProtocol carries one vote: a seated device that would take the
	// table over asks another for its grant (a vote message, answered by
	// a grant message), and the stream closes.
	VoteProtocol = "/fourwinds/vote/1.0.0"
)

// AnySeat in a hello asks for any free seat (or the seat this device held).
const AnySeat = -2

// Type names a message.
type Type string

// The message types. Each names the one body field it carries (none for
// ping, pong, done, snapshot-request and leave).
const (
	THello       Type = "hello"            // client → dealer: Hello
	TWelcome     Type = "welcome"          // dealer → client: Welcome
	TIntent      Type = "intent"           // client → dealer: Intent, ID
	TDone        Type = "done"             // dealer → client: the intent ID was accepted
	TRefused     Type = "refused"          // dealer → client: Refused (ID 0: the hello or a frame)
	TSnapReq     Type = "snapshot-request" // client → dealer: ID
	TSnapshot    Type = "snapshot"         // dealer → client: Snapshot, ID
	TUpdate      Type = "update"           // dealer → client: Update
	TPing        Type = "ping"             // either way: a heartbeat
	TPong        Type = "pong"             // either way: a heartbeat's answer
	TLobby       Type = "lobby"            // dealer → anyone: Lobby
	TCommitAsk   Type = "commit-ask"       // dealer → client: Deal{Hand}: commit for the hand
	TCommit      Type = "commit"           // client → dealer: Deal{Hand, Hash}
	TCommitments Type = "commitments"      // dealer → client: Deal{Hand, All} (hashes only)
	TSecret      Type = "secret"           // client → dealer: Deal{Hand, Secret}
	TReveal      Type = "reveal"           // dealer → client: Deal{Hand, All with secrets, Seed}
	TRoster      Type = "roster"           // dealer → client: Roster, whenever a seat is taken
	THandReq     Type = "hand-request"     // client → dealer: Deal{Hand}, ID: a finished hand's events
	THand        Type = "hand"             // dealer → client: Deal{Hand, Events}, ID
	THandOver    Type = "hand-over"        // dealer → client: HandOver
	TLeave       Type = "leave"            // client → dealer: ID: this device heard the hand-over under way and leaves for the successor
	TVerdict     Type = "verdict"          // client → dealer: Verdict
	TVote        Type = "vote"             // device → device: Vote, Term: the term asked for
	TGrant       Type = "grant"            // device → device: Grant, Term: the granter's
)

// Msg is one frame's message: a type and the body that type names.
type Msg struct {
	// Type names the message and so its one body.
	Type Type `json:"type"`
	// ID pairs an intent or a snapshot request with its answer.
	ID uint64 `json:"id,omitempty"`
	// Seq, in a pong, is the sequence number of the table's latest
	// update: a client behind it lost an update and resyncs.
	Seq uint64 `json:"seq,omitempty"`
	// Term is the dealer's term (see Roster): the dealer sets it on every
	// message it sends, a client on every message to the dealer (the
	// highest term it has seen). 0 is the term of the table's first dealer;
	// each take-over deals at a higher one. A client follows only the
	// highest term it has seen; a dealer told of a higher term stops
	// dealing.
	Term uint64 `json:"term,omitempty"`
	// SameInfo, in an update, says that the snapshot's Info was left out
	// because it is the Info of the previous update (or of the welcome)
	// on this stream: the receiver puts it back (about 40% of the bytes).
	SameInfo bool `json:"same_info,omitempty"`
	// The bodies: exactly the one Type names is set (none for ping, pong,
	// done and snapshot-request).
	Hello    *Hello          `json:"hello,omitempty"`
	Welcome  *Welcome        `json:"welcome,omitempty"`
	Intent   *table.Intent   `json:"intent,omitempty"`
	Refused  *Refusal        `json:"refused,omitempty"`
	Snapshot *table.Snapshot `json:"snapshot,omitempty"`
	Update   *table.Update   `json:"update,omitempty"`
	Lobby    *Lobby          `json:"lobby,omitempty"`
	Deal     *Deal           `json:"deal,omitempty"`
	Roster   *Roster         `json:"roster,omitempty"`
	HandOver *HandOver       `json:"hand_over,omitempty"`
	Verdict  *Verdict        `json:"verdict,omitempty"`
	Vote     *Vote           `json:"vote,omitempty"`
	Grant    *Grant          `json:"grant,omitempty"`
}

// Vote asks a seated device to let the candidate deal the table at the
// message's term (Msg.Term, from 1), its dealer being gone: the
// candidate deals only with the grants of a majority of the seated
// devices, its own and the lost dealer's counted.
type Vote struct {
	// Candidate is the peer id of the device asking: the stream's.
	Candidate string `json:"candidate"`
}

// Grant answers a vote: OK when the device grants the term asked (it
// grants at most one candidate a term, and none while its own dealer
// answers); the message's term is then the term granted, otherwise the
// highest the device knows of.
type Grant struct {
	OK bool `json:"ok,omitempty"`
	// Detail says why a vote was not granted.
	Detail string `json:"detail,omitempty"`
}

// Verdict is a device's check of a hand's deal once its secrets are
// revealed, told to the dealer so that the dealer's own screens (the table
// centre on the host) show what the devices found.
type Verdict struct {
	// Hand is the hand checked, from 1.
	Hand int `json:"hand"`
	// OK tells whether the deal checked out; Detail says what failed.
	OK     bool   `json:"ok"`
	Detail string `json:"detail,omitempty"`
}

// HandOver says that the dealer is leaving the table and hands it over to
// another seated device at a hand boundary, so that the match goes on
// without a hand voided. The dealer first announces it (Now unset): it
// deals no hand after Hand. Once hand Hand has ended and every person has
// asked for the next hand, it sends it again with Now set: each client
// takes its last snapshot and goes to Successor at once, which deals on
// from the public facts (the same path as a dealer gone for good, without
// the wait and without voiding a hand).
type HandOver struct {
	// Hand is the last hand the leaving dealer deals (0: none was dealt).
	Hand int `json:"hand"`
	// Successor is the peer id of the device that deals on: one of the
	// roster's holders.
	Successor string `json:"successor"`
	// Now says that the hand-over is happening: the dealer stops serving
	// once the clients have said they heard it (TLeave).
	Now bool `json:"now,omitempty"`
}

// Roster names the devices seated at the table, so that they can hand the
// table over among themselves if the dealer is gone for good: the first
// of them by player number that answers deals on (Succession).
type Roster struct {
	// Holders are the peer ids of the devices holding each player's seat
	// ("" for a seat played on the dealer).
	Holders [4]string `json:"holders"`
	// Addrs are the addresses each holder listens on, as far as the dealer
	// knows them (multiaddrs), by peer id.
	Addrs map[string][]string `json:"addrs,omitempty"`
}

// Succession returns the seated devices in the order they take the table
// over: by player number.
func (r *Roster) Succession() []string {
	var out []string
	for _, h := range r.Holders {
		if h != "" {
			out = append(out, h)
		}
	}
	return out
}

// Hello opens a table stream.
type Hello struct {
	// Version is the client's protocol version (Version).
	Version int `json:"version"`
	// Player is the seat wanted: 0–3, AnySeat or table.Spectator.
	Player int `json:"player"`
	// PIN is the table's PIN when it has one.
	PIN string `json:"pin,omitempty"`
	// Key is the table's key when the device joins by the address that
	// carries it (the host's QR code): it stands for the PIN.
	Key string `json:"key,omitempty"`
	// Name is the person's name shown to the table (CleanName is what
	// the table keeps of it).
	Name string `json:"name,omitempty"`
	// Compress lists the compressions the client reads (Deflate).
	Compress []string `json:"compress,omitempty"`
}

// Welcome seats a client: its player and the snapshot its update stream
// starts after.
type Welcome struct {
	// Player is the seat given (table.Spectator for a spectator).
	Player int `json:"player"`
	// Snapshot is the seat's snapshot; the updates follow it.
	Snapshot table.Snapshot `json:"snapshot"`
	// Heartbeat is how often the dealer expects a frame from the client.
	Heartbeat time.Duration `json:"heartbeat"`
	// TakeOver is the table's take-over wait, the host's setting: how long
	// the seated devices wait for a dealer gone silent, from the last
	// frame heard of it, before one of them deals on (0: the client's
	// own, DefaultTakeOverWait unless set).
	TakeOver time.Duration `json:"take_over,omitempty"`
	// Compress is the compression of the dealer's frames after this one
	// (Deflate), or "" for none.
	Compress string `json:"compress,omitempty"`
}

// Refusal is a refused hello, intent or frame with its reason code.
type Refusal struct {
	// Reason is the stable code (table.Reason, or the engine's own).
	Reason table.Reason `json:"reason"`
	// Detail says what was wrong and what is allowed.
	Detail string `json:"detail"`
	// Wait, in a pin-wait or too-many refusal, is how long to wait before
	// trying again.
	Wait time.Duration `json:"wait,omitempty"`
}

// DefaultTakeOverWait is a table's take-over wait when its host sets
// none (Welcome.TakeOver).
const DefaultTakeOverWait = 5 * time.Second

// MaxName is the longest name a table keeps, in runes.
const MaxName = 32

// CleanName is what a table keeps of the name a hello gives: without
// control and format characters (line and paragraph breaks,
// bidirectional overrides, zero-width characters), its spaces trimmed and
// at most MaxName runes.
func CleanName(name string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.TrimSpace(name) {
		if unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) || r == utf8.RuneError {
			continue
		}
		if n == MaxName {
			break
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(b.String())
}

// Lobby is a dealer's answer to "what table is this?".
type Lobby struct {
	// Version is the dealer's table protocol version.
	Version int `json:"version"`
	// Name is the table's name; Rules its ruleset id; Options its table
	// options by name.
	Name    string            `json:"name"`
	Rules   string            `json:"rules"`
	Options map[string]string `json:"options"`
	// Free are the players whose seats a joiner may take.
	Free []int `json:"free"`
	// PIN tells whether a hello needs a PIN.
	PIN bool `json:"pin"`
	// Hand is the hand being played (0 before the first); Over is set
	// once the match has ended.
	Hand int  `json:"hand"`
	Over bool `json:"over,omitempty"`
}

// Deal is one step of a hand's commit-reveal seed.
type Deal struct {
	// Hand is the number of the hand the seed is for.
	Hand int `json:"hand"`
	// Hash is a commitment: SHA-256 of the secret.
	Hash []byte `json:"hash,omitempty"`
	// Secret is a device's random secret.
	Secret []byte `json:"secret,omitempty"`
	// All are every device's commitments (and, in a reveal, secrets).
	All []Contribution `json:"all,omitempty"`
	// Seed is the hand seed the dealer used (in a reveal).
	Seed []byte `json:"seed,omitempty"`
	// Events are a finished hand's events, unredacted (in a hand answer,
	// once its seed is revealed: they then tell nothing more than the
	// seed and the public actions do), so that a device that did not see
	// the deal can replay the hand from the seed.
	Events []game.Event `json:"events,omitempty"`
}

// Contribution is one device's part of a hand seed.
type Contribution struct {
	// Peer is the device's peer id.
	Peer string `json:"peer"`
	// Hash is the device's commitment; Secret its secret, once revealed.
	Hash   []byte `json:"hash"`
	Secret []byte `json:"secret,omitempty"`
}

// ErrBadMessage wraps every decoding and validation error.
var ErrBadMessage = errors.New("wire: bad message")

// Encode returns m's JSON.
func Encode(m *Msg) ([]byte, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return json.Marshal(m)
}

// Decode parses one message strictly: unknown fields (in an intent's action
// too), trailing data and a body that does not match the type are errors
// wrapping ErrBadMessage.
func Decode(b []byte) (*Msg, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var m Msg
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadMessage, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%w: data after the message", ErrBadMessage)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if m.Intent != nil {
		// An action decodes by its own rules, which the decoder's
		// strictness does not reach: it is read again strictly.
		var raw struct {
			Intent struct {
				Action json.RawMessage `json:"action"`
			} `json:"intent"`
		}
		if err := json.Unmarshal(b, &raw); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadMessage, err)
		}
		if raw.Intent.Action != nil {
			if _, err := game.DecodeActionStrict(raw.Intent.Action); err != nil {
				return nil, fmt.Errorf("%w: the intent's action: %v", ErrBadMessage, err)
			}
		}
	}
	return &m, nil
}

// body tells which body a type carries and whether it needs an ID.
var body = map[Type]struct {
	field  string
	needID bool
}{
	THello: {"hello", false}, TWelcome: {"welcome", false}, TIntent: {"intent", true},
	TDone: {"", true}, TRefused: {"refused", false}, TSnapReq: {"", true},
	TSnapshot: {"snapshot", true}, TUpdate: {"update", false}, TPing: {"", false},
	TPong: {"", false}, TLobby: {"lobby", false}, TCommitAsk: {"deal", false},
	TCommit: {"deal", false}, TCommitments: {"deal", false}, TSecret: {"deal", false},
	TReveal: {"deal", false}, TRoster: {"roster", false}, THandReq: {"deal", true}, THand: {"deal", true},
	THandOver: {"hand_over", false}, TLeave: {"", true}, TVerdict: {"verdict", false}, TVote: {"vote", false}, TGrant: {"grant", false},
}

// Validate checks that m carries exactly the body its type names, and an
// ID where the type needs one.
func (m *Msg) Validate() error {
	want, ok := body[m.Type]
	if !ok {
		return fmt.Errorf("%w: unknown type %q", ErrBadMessage, m.Type)
	}
	set := map[string]bool{
		"hello": m.Hello != nil, "welcome": m.Welcome != nil, "intent": m.Intent != nil,
		"refused": m.Refused != nil, "snapshot": m.Snapshot != nil, "update": m.Update != nil,
		"lobby": m.Lobby != nil, "deal": m.Deal != nil, "roster": m.Roster != nil,
		"hand_over": m.HandOver != nil, "verdict": m.Verdict != nil, "vote": m.Vote != nil, "grant": m.Grant != nil,
	}
	for f, isSet := range set {
		if isSet && f != want.field {
			return fmt.Errorf("%w: a %s message carries no %s", ErrBadMessage, m.Type, f)
		}
	}
	if want.field != "" && !set[want.field] {
		return fmt.Errorf("%w: a %s message needs its %s", ErrBadMessage, m.Type, want.field)
	}
	if m.Seq != 0 && m.Type != TPong {
		return fmt.Errorf("%w: only a pong carries a seq", ErrBadMessage)
	}
	if m.SameInfo && m.Type != TUpdate {
		return fmt.Errorf("%w: only an update leaves its info out", ErrBadMessage)
	}
	if want.needID && m.ID == 0 {
		return fmt.Errorf("%w: a %s message needs an id", ErrBadMessage, m.Type)
	}
	if h := m.HandOver; h != nil && (h.Successor == "" || h.Hand < 0) {
		return fmt.Errorf("%w: a hand-over names its successor and a hand from 0 on", ErrBadMessage)
	}
	if v := m.Vote; v != nil && (v.Candidate == "" || m.Term == 0) {
		return fmt.Errorf("%w: a vote names its candidate and a term from 1 on", ErrBadMessage)
	}
	if v := m.Verdict; v != nil && v.Hand < 1 {
		return fmt.Errorf("%w: a verdict is on a hand from 1 on", ErrBadMessage)
	}
	return nil
}

// Infos keeps the Info a stream's updates leave out when it has not
// changed (Msg.SameInfo), on the sending side (Shrink) and on the
// receiving side (Restore). Each side calls it for every welcome and update
// of the stream, in order.
type Infos struct {
	last []byte
}

// infoOf returns the Info of a welcome's or an update's snapshot, or nil
// for other messages.
func infoOf(m *Msg) *table.Info {
	switch {
	case m.Welcome != nil:
		return &m.Welcome.Snapshot.Info
	case m.Type == TUpdate && m.Update != nil:
		return &m.Update.Snapshot.Info
	}
	return nil
}

// Shrink leaves out an update's Info when it is the previous one; it
// notes a welcome's Info. It changes m in place.
func (x *Infos) Shrink(m *Msg) {
	in := infoOf(m)
	if in == nil {
		return
	}
	b, err := json.Marshal(in)
	if err != nil {
		return
	}
	if m.Type == TUpdate && bytes.Equal(b, x.last) {
		*in, m.SameInfo = table.Info{}, true
		return
	}
	x.last = b
}

// Restore puts back an update's Info left out by Shrink and notes every
// welcome's and update's Info. It fails when an update leaves out an Info
// the stream never gave.
func (x *Infos) Restore(m *Msg) error {
	in := infoOf(m)
	if in == nil {
		return nil
	}
	if m.SameInfo {
		if x.last == nil {
			return fmt.Errorf("%w: an update leaves out an info this stream never gave", ErrBadMessage)
		}
		m.SameInfo = false
		return json.Unmarshal(x.last, in)
	}
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	x.last = b
	return nil
}
