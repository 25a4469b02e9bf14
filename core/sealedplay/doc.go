// Package sealedplay plays a hand at a sealed table: the engine plays with
// tiles it does not know. It is the protocol above the cryptography of
// core/sealed and below the network (design: docs/sealed.md,
// ../shared/SEALED.md).
//
// # Parties
//
// A Device is a key holder: it plays one or more seats, holds its
// per-hand key, knows its seats' tiles and the public ones, works out its
// seats' legal actions, answers share requests and verifies every proof.
// The Sequencer is the dealer's device's role: it holds no key, orders the
// messages, relays every one it accepts to everyone, says which tiles are
// revealed to whom, keeps a claim window's answers until all are in,
// checks what the public facts allow and voids the hand when a share is
// withheld. A Spectator holds no key and verifies everything. The three
// exchange Msg values, which have a strict binary encoding, so that a
// transport (p2p) only carries them.
//
// # Slots and the imagined arrangement
//
// Slot w of the jointly shuffled deck is the tile at index w of the ring
// that game.NewHandOn lays into the wall; wall.Wall.Taken says which slots
// the engine takes, in order, and the deal style and the draw events say
// which seat took each. Every party runs the ordinary engine (core/game,
// unchanged in its rules) on an imagined arrangement: the tiles it knows
// where they are, and the tiles it has not seen, in any order, everywhere
// else. When a tile is opened or revealed to it that differs from what it
// imagined there, it swaps the real tile in from another unknown slot and
// replays the hand from the deal. Two rules keep every party's engine on
// the same course:
//
//   - the shape of play depends on public facts only: every claim window
//     asks every other seat (game.HandConfig.Uniform), and whatever the
//     engine decides from hidden tiles is opened first (a Mah-Jong and a
//     Celestial Empire invocation open the whole hand, a jilin joker
//     indicator that goes back is opened);
//   - no imagined bonus tile lies where a seat took a tile unseen, since a
//     real one is always opened by its holder (bonus tiles not yet seen
//     are imagined in the wall only).
//
// Another seat's concealed kong is not opened: its holder proves that its
// four slots hold one kind, and the other parties imagine one of which
// they have seen no copy (and another when they see one), until its
// holder's Mah-Jong opens it with the hand (whether the hand wins may
// depend on its kind).
//
// A seat's own view and legal actions then equal the ordinary engine's
// for the same hand dealt openly; the property test checks it over many
// random hands.
//
// # The end of the hand
//
// Every tile is opened and every party replays the whole hand through the
// engine from the deck, every action checked (Verdict): what the live
// checks could not see (a declaration over hidden tiles, a losing claim,
// an undeclared bonus tile, which moves every later draw) fails here.
//
// # The Charleston (american)
//
// A give moves the giver's slots into fresh slots by a transfer (a
// verifiable shuffle, core/sealed) or, for a single courtesy tile, a
// proven copy; the sequencer publishes a step's four answers only once all
// are in, and the fresh slots are then revealed to the receiver alone.
// Nobody but the giver knows which fresh slot holds which given tile, so
// the other parties imagine the links too: each tile is a chain of slots,
// and a party re-links the chains (solve) whenever a tile it learns does
// not fit what it imagined. A joker given is caught when its receiver
// decrypts it: its acknowledgement opens the joker, which names the giver
// (AM-4.1), and the audit refuses the give too. A joker exchange opens
// the natural; the joker's slot, public since its exposure, goes to the
// seat's hand.
//
// In a blind pass (AM-4.6) and the mush (AM-4.3) a seat gives 0 to 3
// tiles, and the engine lays each seat's tiles, in the order of their
// kinds, into its packet or the pool, whose links or shuffle the hand's
// seed (public) draws: game.PassRoutes and game.MushRoutes say which seat
// ends with each. There a seat moves 3 slots, listed as the engine lays
// them (the tiles it gives, by kind, then the tiles it keeps), into fresh
// slots in the same order, and says how many it gives; once every seat
// has answered, each given slot goes straight to the seat that ends with
// it and is revealed to it alone, so a seat that forwards a tile blind
// never holds its slot and cannot decrypt it. A party imagines the tiles
// of such a give, split between seats, in the order of their kinds, so
// that its engine deals them as the real ones; the audit checks the order.
//
// # TING and the shared joker (jilin)
//
// TING is declared with a discard and its wait set stays secret: the
// other parties apply it, and every later action of a TING seat (whose
// changes must keep its waits, JL-7.5), unchecked, and the audit checks
// them. A TING seat discards the tile it drew, which every party checks
// by its slot. Exposures and extensions of combinations open their
// tiles; the exposure round of the first TING asks every seat until it
// passes. The joker indicator is drawn into no seat's hand and revealed to
// nobody: each device playing a TING seat makes a proven re-encryption
// copy of it (TJoker), one after the other in the order in which they
// announced TING, and the copy is revealed to that
// device alone, which decides only once it has decrypted it. Whether the
// indicator goes back face up depends on its hidden kind, so it goes back
// only opened: the device of the seat that drew it opens its copy when its
// engine sends the indicator back, every party replays, and its engine
// must send it back too, or the opening is a cheat. A party that does not
// know an indicator imagines there a kind of which fewer than 3 copies are
// public, which never goes back. A Mah-Jong opens the winner's copy with
// the hand (the joker may complete it, JL-8.4). The audit checks that every
// indicator the replayed hand sends back was opened and that every copy
// is of an indicator the replay draws.
//
// Rulesets: all five, with every option: the hongkong, classical and
// french family, jilin, and american with its whole Charleston (blind
// passes, the mush, the stop vote, the courtesy pass).
package sealedplay
