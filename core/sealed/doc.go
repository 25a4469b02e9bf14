// Package sealed is the cryptography of sealed dealing: a table where no
// device, the dealer's included, can see a tile before the rules show it
// (design: ../shared/SEALED.md).
//
// # Construction
//
// Tiles are ElGamal ciphertexts (C1, C2) = (r·G, Mₖ + r·X) in the
// Ristretto255 group (RFC 9496, hand-written here over the field and point
// arithmetic of filippo.io/edwards25519) under a joint key X = ΣXⱼ, one
// Xⱼ = xⱼ·G per key holder and per hand. Tile kind k is the point
// Mₖ = (k+1)·G and is decoded by table lookup (TilePoint, DecodeTile), so
// copies of a kind share a point. Ristretto255 is a prime-order group: a
// decoded point is canonical and torsion-free by construction, which
// removes the small-order tagging attack that kyber's edwards25519 group
// allows and the per-point subgroup checks it would need.
//
// The shuffle proof is Terelius and Wikström's (twproof.go), written here
// on the same arithmetic: a commitment to the permutation under
// independent generators hashed to the group, a chain of commitments to
// the product of the permuted challenges, and one Schnorr-like proof tying
// both to the re-encrypted deck, made non-interactive with the context and
// the whole statement (G, X, input and output decks, holder, slot lists)
// in its hash. It sends the challenge instead of the prover's commitments
// and is 4k+5 group elements for k ciphertexts. ../shared/SEALED.md
// proposes Neff's pair shuffle as go.dedis.ch/kyber/v3 makes it: 12k+3
// elements, and kyber v3.1.0's verifier takes the inputs of its simple
// k-shuffle as sent and so accepts forged shuffles (10k+3 once they are
// derived instead). This proof is less than half as long, is made and
// checked faster, and needs no kyber.
//
// # Threat model
//
// Any device may run a modified app and see every message (all messages
// are public, relayed by the dealer's device). Secrecy holds as long as
// one key holder is honest; collusion of all key holders is out of scope.
// Integrity (no tile is substituted, duplicated or dropped) holds against
// any coalition, since every step carries a proof anyone can check. A
// device necessarily learns the tiles of every seat it plays. A missing
// share stalls the table: that is for the protocol layer (void and redeal).
//
// # Messages and what they prove
//
// Every proof's challenge starts with Context.Digest (table, hand,
// ruleset, key holders' device ids, transcript hash) and a domain tag, so
// no proof replays into another hand, table, slot or role.
//
//   - KeyMsg: Xⱼ with a Schnorr proof of knowledge of xⱼ bound to the
//     holder's index and device id; it blocks rogue keys. JointKey checks
//     all of them and sums them.
//   - ShuffleMsg (deal): holder i re-encrypts and permutes Dᵢ₋₁ into Dᵢ;
//     the shuffle proof shows Dᵢ is a permutation of re-encryptions of Dᵢ₋₁
//     under X. One honest shuffler makes the final order unknown to all.
//   - ShuffleMsg (transfer): the holder of slots From (k ≥ 2) shuffles them
//     into the fresh slots To; the proof binds both slot lists.
//   - Share: Dⱼ = xⱼ·C1 for one slot, with a Chaum–Pedersen proof
//     log_G Xⱼ = log_C1 Dⱼ bound to the holder and the slot. A private
//     reveal to device r is the shares of every holder but r; r adds its
//     own x_r·C1, which never leaves it (PrivateKey.Reveal). A public
//     opening is the shares of all holders (Decrypt).
//   - Equality: E = x_r·(C1_a − C1_b) with a Chaum–Pedersen proof on base
//     C1_a − C1_b; with the other holders' shares it shows slots a and b
//     hold the same tile without opening them.
//   - Copy: a re-encryption of a slot into a fresh slot with a
//     Chaum–Pedersen proof that both halves use the same randomness.
//
// Transcript collects the public messages of a deal (keys, the shuffle
// chain, transfers and copies into fresh slots, shares); Transcript.Verify
// checks them all (a spectator needs no key) and Verified.Knows lists the
// slots a party can decrypt from its key and the shares published, which
// is the basis of the knowledge test of the protocol layer.
//
// Every message body has a strict binary encoding (MarshalBinary,
// UnmarshalBinary): exact lengths, canonical points and scalars, bounded
// lists, no trailing bytes.
package sealed
