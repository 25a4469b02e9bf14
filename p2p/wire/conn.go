package wire

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
)

// Deflate is the compression a hello may ask for (Hello.Compress) and a
// welcome grant (Welcome.Compress): from the frame after the welcome on,
// each of the dealer's frames holds the unsigned varint length of its
// message, then the message's bytes in one DEFLATE stream (RFC 1951) that
// runs through the whole connection, cut after each message by a sync
// flush (an empty stored block). Successive snapshots are much alike, so
// each costs a fraction of its size.
const Deflate = "deflate"

// Conn sends and receives messages over one stream. Send may be called
// from several goroutines; Recv from one.
type Conn struct {
	r  *Reader
	mu sync.Mutex
	w  io.Writer
	// In and Out count the bytes received and sent, frames included.
	In, Out atomic.Int64
	// zw compresses what Send writes, into zbuf (under mu); zr
	// decompresses what Recv reads, fed through zin.
	zw   *flate.Writer
	zbuf bytes.Buffer
	zr   io.Reader
	zin  *bytes.Buffer
	// term, once set (SetTerm), goes on every message sent.
	term atomic.Pointer[uint64]
}

// SetTerm makes every later Send carry term (Msg.Term) instead of the
// term its message holds.
func (c *Conn) SetTerm(term uint64) {
	c.term.Store(&term)
}

// CompressSends makes every later Send compress its message (Deflate).
func (c *Conn) CompressSends() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.zw, _ = flate.NewWriter(&c.zbuf, flate.BestSpeed) // the level is valid
}

// DecompressRecvs makes every later Recv decompress its frame (Deflate).
// Call it from the goroutine that calls Recv.
func (c *Conn) DecompressRecvs() {
	c.zin = new(bytes.Buffer)
	c.zr = flate.NewReader(c.zin)
}

// NewConn returns a message connection over rw.
func NewConn(rw io.ReadWriter) *Conn {
	return &Conn{r: NewReader(rw, MaxFrame), w: rw}
}

// Send encodes and writes m as one frame, with the connection's term
// (SetTerm).
func (c *Conn) Send(m *Msg) error {
	if t := c.term.Load(); t != nil && *t != m.Term {
		// A copy: one message may be sent on several streams at once.
		mt := *m
		mt.Term = *t
		m = &mt
	}
	b, err := Encode(m)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.zw != nil {
		c.zbuf.Reset()
		c.zbuf.Write(binary.AppendUvarint(nil, uint64(len(b))))
		if _, err := c.zw.Write(b); err != nil {
			return err
		}
		if err := c.zw.Flush(); err != nil {
			return err
		}
		b = c.zbuf.Bytes()
	}
	if err := WriteFrame(c.w, b); err != nil {
		return err
	}
	c.Out.Add(int64(len(b) + uvarintLen(len(b))))
	return nil
}

// Recv reads and decodes the next message. A frame that is too large or
// cut short ends the stream; a malformed message wraps ErrBadMessage and
// the stream may go on.
func (c *Conn) Recv() (*Msg, error) {
	b, err := c.r.ReadFrame()
	if err != nil {
		return nil, err
	}
	c.In.Add(int64(len(b) + uvarintLen(len(b))))
	if c.zr != nil {
		// A compressed frame that does not decompress leaves the stream
		// unreadable: it ends the stream (not ErrBadMessage).
		n, k := binary.Uvarint(b)
		if k <= 0 || n > MaxFrame {
			return nil, fmt.Errorf("wire: a compressed frame announces a bad length")
		}
		c.zin.Write(b[k:])
		msg := make([]byte, n)
		if _, err := io.ReadFull(c.zr, msg); err != nil {
			return nil, fmt.Errorf("wire: a compressed frame does not decompress: %w", err)
		}
		b = msg
	}
	return Decode(b)
}

func uvarintLen(n int) int {
	l := 1
	for ; n >= 0x80; n >>= 7 {
		l++
	}
	return l
}
