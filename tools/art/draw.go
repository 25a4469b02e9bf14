package main

import (
	"image"
	"image/color"
	"math"
)

// A shape is a signed distance field: the distance from (x, y) to the
// shape's edge in canvas pixels, negative inside. Edges are smoothed over
// one pixel from the distance, so every shape is drawn anti-aliased
// without supersampling.
type shape func(x, y float64) float64

// A paint is the colour of a shape at (x, y) (a gradient or a flat colour).
type paint func(x, y float64) rgba

// rgba is a straight (not premultiplied) colour with channels in [0, 1].
type rgba struct{ r, g, b, a float64 }

// hex returns the opaque colour written as 0xRRGGBB.
func hex(v uint32) rgba {
	return rgba{float64(v>>16&0xff) / 255, float64(v>>8&0xff) / 255, float64(v&0xff) / 255, 1}
}

// alpha returns c with opacity a.
func (c rgba) alpha(a float64) rgba { c.a = a; return c }

// mix returns the colour t of the way from c to d.
func (c rgba) mix(d rgba, t float64) rgba {
	t = clamp(t)
	return rgba{c.r + (d.r-c.r)*t, c.g + (d.g-c.g)*t, c.b + (d.b-c.b)*t, c.a + (d.a-c.a)*t}
}

// flat paints one colour.
func flat(c rgba) paint { return func(float64, float64) rgba { return c } }

// linear paints from c0 at (x0, y0) to c1 at (x1, y1).
func linear(x0, y0, x1, y1 float64, c0, c1 rgba) paint {
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	return func(x, y float64) rgba { return c0.mix(c1, ((x-x0)*dx+(y-y0)*dy)/l2) }
}

// radial paints from c0 at (cx, cy) to c1 at radius r and beyond.
func radial(cx, cy, r float64, c0, c1 rgba) paint {
	return func(x, y float64) rgba { return c0.mix(c1, math.Hypot(x-cx, y-cy)/r) }
}

// canvas is a picture being drawn, in straight colours.
type canvas struct {
	w, h int
	px   []rgba
}

func newCanvas(w, h int) *canvas { return &canvas{w: w, h: h, px: make([]rgba, w*h)} }

// fill paints s with p over what is drawn; soft widens the edge to soft
// pixels (for shadows).
func (c *canvas) fill(s shape, p paint, soft float64) {
	if soft < 1 {
		soft = 1
	}
	for y := range c.h {
		for x := range c.w {
			fx, fy := float64(x)+0.5, float64(y)+0.5
			cover := clamp(0.5 - s(fx, fy)/soft)
			if cover == 0 {
				continue
			}
			src := p(fx, fy)
			src.a *= cover
			c.px[y*c.w+x] = over(src, c.px[y*c.w+x])
		}
	}
}

// over composes src over dst.
func over(src, dst rgba) rgba {
	a := src.a + dst.a*(1-src.a)
	if a == 0 {
		return rgba{}
	}
	blend := func(s, d float64) float64 { return (s*src.a + d*dst.a*(1-src.a)) / a }
	return rgba{blend(src.r, dst.r), blend(src.g, dst.g), blend(src.b, dst.b), a}
}

// image returns the picture as 8-bit non-premultiplied RGBA.
func (c *canvas) image() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, c.w, c.h))
	for i, p := range c.px {
		img.Set(i%c.w, i/c.w, color.NRGBA{byte8(p.r), byte8(p.g), byte8(p.b), byte8(p.a)})
	}
	return img
}

func byte8(v float64) uint8 { return uint8(math.Round(clamp(v) * 255)) }

func clamp(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// roundRect is a rectangle centred on (cx, cy) with half sizes hw, hh and
// corner radius r.
func roundRect(cx, cy, hw, hh, r float64) shape {
	return func(x, y float64) float64 {
		qx := math.Abs(x-cx) - hw + r
		qy := math.Abs(y-cy) - hh + r
		return math.Hypot(math.Max(qx, 0), math.Max(qy, 0)) + math.Min(math.Max(qx, qy), 0) - r
	}
}

// circle is a disc centred on (cx, cy).
func circle(cx, cy, r float64) shape {
	return func(x, y float64) float64 { return math.Hypot(x-cx, y-cy) - r }
}

// ring is the band between radii r-w/2 and r+w/2.
func ring(cx, cy, r, w float64) shape {
	return func(x, y float64) float64 { return math.Abs(math.Hypot(x-cx, y-cy)-r) - w/2 }
}

// point is a 2-D point.
type point struct{ x, y float64 }

// polygon is a convex polygon with its corners in either turning order.
func polygon(pts ...point) shape {
	// Area sign says which side of each edge is inside.
	area := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		area += p.x*q.y - q.x*p.y
	}
	sign := 1.0
	if area < 0 {
		sign = -1
	}
	return func(x, y float64) float64 {
		d := math.Inf(-1)
		for i, p := range pts {
			q := pts[(i+1)%len(pts)]
			ex, ey := q.x-p.x, q.y-p.y
			l := math.Hypot(ex, ey)
			// Distance outside the edge's half-plane.
			d = math.Max(d, -sign*(ex*(y-p.y)-ey*(x-p.x))/l)
		}
		return d
	}
}

// intersect is inside both shapes.
func intersect(a, b shape) shape {
	return func(x, y float64) float64 { return math.Max(a(x, y), b(x, y)) }
}

// frame places drawing coordinates on the canvas: a unit square of side
// scale centred on (cx, cy), turned by angle radians. Shapes and paints
// written in the frame's coordinates are mapped onto the canvas by its
// methods.
type frame struct {
	cx, cy, scale, angle float64
}

// local returns canvas point (x, y) in frame coordinates.
func (f frame) local(x, y float64) (float64, float64) {
	dx, dy := x-f.cx, y-f.cy
	s, c := math.Sincos(-f.angle)
	return (dx*c - dy*s) / f.scale, (dx*s + dy*c) / f.scale
}

// shape maps s, written in frame coordinates, onto the canvas.
func (f frame) shape(s shape) shape {
	return func(x, y float64) float64 {
		lx, ly := f.local(x, y)
		return s(lx, ly) * f.scale
	}
}

// paint maps p, written in frame coordinates, onto the canvas.
func (f frame) paint(p paint) paint {
	return func(x, y float64) rgba { return p(f.local(x, y)) }
}

// fill paints s with p, both in frame coordinates.
func (f frame) fill(c *canvas, s shape, p paint, soft float64) {
	c.fill(f.shape(s), f.paint(p), soft)
}
