// Package wall builds seeded walls and draws from them: dice, the breach,
// the dead wall (classical), the hill (hongkong, french), the stack model
// (jilin) and the reserved last wall (american), with live draws from the
// front and replacement draws from the tail.
//
// # Geometry
//
// The five rules files agree on the square: four walls of StacksPerSide
// stacks of two tiles, each wall's stacks numbered from 1 at its owner's
// right-hand end, and the ring running from a wall onto the wall of its
// owner's left-hand neighbour: East's → North's → West's → South's → East's
// (CL-4.2, HK-3.2, FR-4.2, JL-3.1, AM-3.3). A ring of tiles, as Shuffle
// returns it, is laid in that order: ring[2g] is the top and ring[2g+1] the
// bottom of ring stack g, where g = k·StacksPerSide + number − 1 and k is 0
// for East's wall, 1 for North's, 2 for West's and 3 for South's.
//
// They also agree on the breach: East throws a; the seat named by a counted
// from East (DiceSeat) throws b; counting t = a + b stacks from that seat's
// stack 1 in ring order (onto the next walls if t is longer than a wall),
// the front of the wall is stack t+1, top tile first (CL-4.3, CL-4.5,
// HK-3.3, HK-3.4, HK-3.7, FR-4.3, FR-4.4, FR-4.6, JL-3.2, JL-3.3). American
// has one throw r and always breaks East's wall after stack r (AM-3.2).
//
// They differ in what is set apart behind the breach and where the tail is:
//   - classical (DeadWall): the dead wall is stacks t … t−6 and replacement
//     draws start at the top of stack t (CL-4.4, CL-4.5); the reserve grows
//     so that 7 whole stacks stay behind the tail (CL-4.6), or stays at 14
//     tiles (CL-OPT-7 fixed14).
//   - hongkong and french (Hill): stack t is the "breach stack"; the hill is
//     stacks t … t−6, never drawn, and its tiles are shown lifted onto
//     stack t−1 (bottom tile) and stack t−3 (top tile) as FR-4.5 says
//     (HK-3.5 says only "the 1st and 3rd stacks to the right"); the tail
//     starts at stack t−7 (HK-3.6, FR-4.6).
//   - jilin (Stacks): nothing is set apart; the tail starts at stack s = t,
//     top tile first (JL-3.3, JL-3.4); front draws stop when EndStacks
//     non-empty stacks remain, and tail (compensation) and joker draws may
//     still use them (JL-10.2, JL-D14).
//   - american (Reserved): East's stacks 1 … r are drawn last and there are
//     no tail draws (AM-3.3).
//
// The linear model of every rules file is the front order: index 0 is the
// top of stack t+1, index 1 its bottom, index 2 the top of stack t+2, and
// so on round the ring (CL-4.5, HK-3.7, FR-4.6, JL-3.4, AM-3.3 T[0..151]).
package wall
