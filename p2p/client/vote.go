package client

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
	"github.com/multiformats/go-multiaddr"
)

// voteWait bounds one vote: opening the stream, asking and reading the
// grant, on a local network a matter of milliseconds.
const voteWait = 2 * time.Second

// handleVote answers one vote (wire.VoteProtocol): this device grants the
// term asked when the candidate holds a seat in the dealer's last roster,
// the term is above every term this device has seen or granted, this
// device deals no table and its own dealer does not answer it now.
func (c *Client) handleVote(st network.Stream) {
	defer st.Close()
	st.SetDeadline(time.Now().Add(voteWait))
	conn := wire.NewConn(st)
	m, err := conn.Recv()
	if err != nil || m.Type != wire.TVote {
		st.Reset()
		return
	}
	from := st.Conn().RemotePeer()
	c.mu.Lock()
	known := max(c.term, c.promised)
	var why string
	switch {
	case m.Vote.Candidate != from.String():
		why = "a device votes only for itself"
	case c.roster == nil || !slices.Contains(c.roster.Holders[:], m.Vote.Candidate):
		why = "the candidate holds no seat at this device's table"
	case m.Term <= known:
		why = fmt.Sprintf("this device knows of term %d already", known)
	case c.local != nil:
		why = fmt.Sprintf("this device deals term %d", c.term)
	case c.conn != nil:
		why = "this device's dealer answers"
	}
	ok := why == ""
	if ok {
		c.promised, known = m.Term, m.Term
	}
	c.mu.Unlock()
	if c.opts.OnVote != nil {
		c.opts.OnVote(m.Term, from, ok)
	}
	conn.SetTerm(known)
	conn.Send(&wire.Msg{Type: wire.TGrant, Grant: &wire.Grant{OK: ok, Detail: why}})
}

// addrInfo is id with the addresses the roster gives it; c.mu is held.
func (c *Client) addrInfo(id peer.ID) peer.AddrInfo {
	info := peer.AddrInfo{ID: id}
	if c.roster == nil {
		return info
	}
	for _, a := range c.roster.Addrs[id.String()] {
		if ma, err := multiaddr.NewMultiaddr(a); err == nil {
			info.Addrs = append(info.Addrs, ma)
		}
	}
	return info
}

// elect asks the other seated devices of the roster r to let this device
// deal at the next term, and returns that term and whether a majority of
// the seated devices granted it: this device's grant and theirs, out of
// them all and the lost dealer's (which deals no more, or does not answer
// them).
func (c *Client) elect(r *wire.Roster) (uint64, bool) {
	c.mu.Lock()
	term := max(c.term, c.promised) + 1
	c.promised = term
	var voters []peer.AddrInfo
	for _, h := range r.Succession() {
		if id, err := peer.Decode(h); err == nil && id != c.h.ID() {
			voters = append(voters, c.addrInfo(id))
		}
	}
	c.mu.Unlock()
	seated := len(r.Succession()) + 1
	granted := 1
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, v := range voters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, seen := c.ask(v, term)
			mu.Lock()
			defer mu.Unlock()
			if ok {
				granted++
			}
			c.mu.Lock()
			c.promised = max(c.promised, seen)
			c.mu.Unlock()
		}()
	}
	wg.Wait()
	return term, 2*granted > seated
}

// ask asks the device v for its grant of term; it returns the grant and
// the term the device answered with.
func (c *Client) ask(v peer.AddrInfo, term uint64) (bool, uint64) {
	ctx, cancel := context.WithTimeout(c.ctx, voteWait)
	defer cancel()
	if len(v.Addrs) > 0 {
		c.h.Peerstore().AddAddrs(v.ID, v.Addrs, time.Hour)
	}
	st, err := c.h.NewStream(ctx, v.ID, wire.VoteProtocol)
	if err != nil {
		return false, 0
	}
	defer st.Close()
	st.SetDeadline(time.Now().Add(voteWait))
	conn := wire.NewConn(st)
	if err := conn.Send(&wire.Msg{Type: wire.TVote, Term: term, Vote: &wire.Vote{Candidate: c.h.ID().String()}}); err != nil {
		st.Reset()
		return false, 0
	}
	m, err := conn.Recv()
	if err != nil || m.Type != wire.TGrant {
		st.Reset()
		return false, 0
	}
	return m.Grant.OK && m.Term == term, m.Term
}
