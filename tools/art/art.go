package main

import (
	"image"
	"math"
)

// The palette: jade felt, ivory tiles with golden backs, and the red, navy
// and green inks of a printed tile face.
var (
	jadeLight = hex(0x2b8a66)
	jadeDark  = hex(0x0b3b2c)
	ivory     = hex(0xfbf6e9)
	ivoryDim  = hex(0xe9dfc6)
	gold      = hex(0xe2a72e)
	goldDark  = hex(0xb07516)
	red       = hex(0xd1333b)
	redDark   = hex(0x8f1a24)
	navy      = hex(0x24427f)
	navyDark  = hex(0x142a57)
	green     = hex(0x23915d)
	greenDark = hex(0x12603a)
	shadow    = hex(0x04170f)
)

// Tile sizes in frame units: a tile is tileW wide and 1 high; its golden
// back shows depth below the face.
const (
	tileW  = 0.74
	depth  = 0.07
	corner = 0.1
)

// face draws what is printed on a tile, in frame coordinates centred on the
// face.
type face func(f frame, c *canvas)

// drawTile draws a standing tile with face printed on it.
func drawTile(c *canvas, f frame, print face) {
	hw, hh := tileW/2, 0.5
	// A soft shadow on the felt, then the golden back, then the ivory face.
	f.fill(c, roundRect(0.03, depth+0.05, hw, hh, corner), flat(shadow.alpha(0.45)), f.scale*0.06)
	f.fill(c, roundRect(0, depth/2, hw, hh, corner), linear(0, -hh, 0, hh+depth, gold, goldDark), 0)
	f.fill(c, roundRect(0, -depth/2, hw, hh-depth/2, corner), linear(0, -hh, 0, hh, ivory, ivoryDim), 0)
	// A thin highlight along the top edge of the face.
	f.fill(c, intersect(roundRect(0, -depth/2, hw, hh-depth/2, corner), roundRect(0, -hh-0.05, hw, 0.07, corner)),
		flat(hex(0xffffff).alpha(0.5)), 0)
	print(f, c)
}

// compass prints the four winds as a compass rose: four long points, each
// in a light and a dark half, over four short diagonal ones.
func compass(f frame, c *canvas) {
	const cy = -depth / 2
	points := func(length, half float64, turn float64, light, dark rgba) {
		for i := range 4 {
			a := turn + float64(i)*math.Pi/2
			s, co := math.Sincos(a)
			tip := point{co * length, cy + s*length}
			left := point{-s * half, cy + co*half}
			right := point{s * half, cy - co*half}
			centre := point{0, cy}
			f.fill(c, polygon(centre, tip, left), flat(light), 0)
			f.fill(c, polygon(centre, right, tip), flat(dark), 0)
		}
	}
	points(0.2, 0.055, math.Pi/4, navy, navyDark)
	points(0.31, 0.075, -math.Pi/2, red, redDark)
	f.fill(c, circle(0, cy, 0.045), flat(ivory), 0)
	f.fill(c, ring(0, cy, 0.045, 0.018), flat(redDark), 0)
	f.fill(c, ring(0, cy, 0.36, 0.012), flat(navy.alpha(0.85)), 0)
}

// oneDot prints the one of dots: a large round medallion.
func oneDot(f frame, c *canvas) {
	const cy = -depth / 2
	f.fill(c, circle(0, cy, 0.27), flat(greenDark), 0)
	f.fill(c, circle(0, cy, 0.24), flat(ivory), 0)
	for i := range 12 {
		a := float64(i) * math.Pi / 6
		s, co := math.Sincos(a)
		f.fill(c, circle(co*0.185, cy+s*0.185, 0.035), flat(navy), 0)
	}
	f.fill(c, circle(0, cy, 0.12), flat(red), 0)
	f.fill(c, ring(0, cy, 0.08, 0.02), flat(ivory), 0)
	f.fill(c, circle(0, cy, 0.035), flat(redDark), 0)
}

// twoBamboo prints the two of bamboos: two jointed green sticks.
func twoBamboo(f frame, c *canvas) {
	const cy = -depth / 2
	for _, y := range []float64{cy - 0.19, cy + 0.19} {
		f.fill(c, roundRect(0, y, 0.06, 0.16, 0.05), linear(-0.06, 0, 0.06, 0, green, greenDark), 0)
		f.fill(c, roundRect(0, y, 0.085, 0.018, 0.015), flat(greenDark), 0)
		f.fill(c, roundRect(0, y-0.155, 0.075, 0.015, 0.012), flat(greenDark), 0)
		f.fill(c, roundRect(0, y+0.155, 0.075, 0.015, 0.012), flat(greenDark), 0)
		f.fill(c, roundRect(-0.02, y, 0.012, 0.12, 0.01), flat(hex(0xffffff).alpha(0.35)), 0)
	}
}

// whiteDragon prints the white dragon: a navy frame.
func whiteDragon(f frame, c *canvas) {
	const cy = -depth / 2
	outer := roundRect(0, cy, 0.24, 0.34, 0.03)
	inner := roundRect(0, cy, 0.19, 0.29, 0.015)
	f.fill(c, intersect(outer, func(x, y float64) float64 { return -inner(x, y) }), flat(navy), 0)
	f.fill(c, intersect(roundRect(0, cy, 0.16, 0.26, 0.01),
		func(x, y float64) float64 { return -roundRect(0, cy, 0.145, 0.245, 0.005)(x, y) }), flat(navy.alpha(0.6)), 0)
}

// icon draws the application icon, size pixels square: the compass tile
// on a rounded square of jade felt.
func icon(size int) image.Image {
	s := float64(size)
	c := newCanvas(size, size)
	c.fill(roundRect(s/2, s/2, s/2, s/2, s*0.18), radial(s*0.35, s*0.3, s*0.85, jadeLight, jadeDark), 0)
	feltRose(c, frame{cx: s / 2, cy: s / 2, scale: s * 1.25})
	drawTile(c, frame{cx: s / 2, cy: s * 0.48, scale: s * 0.72}, compass)
	return c.image()
}

// featureGraphic draws the store's feature graphic, w×h pixels: four tiles
// fanned on jade felt, the compass tile in front.
func featureGraphic(w, h int) image.Image {
	fw, fh := float64(w), float64(h)
	c := newCanvas(w, h)
	c.fill(roundRect(fw/2, fh/2, fw, fh, 0), radial(fw*0.5, fh*0.35, fw*0.7, jadeLight, jadeDark), 0)
	feltRose(c, frame{cx: fw * 0.5, cy: fh * 0.5, scale: fh * 1.7})
	scale := fh * 0.56
	fan := []struct {
		dx, dy, angle float64
		print         face
	}{
		{-0.36, 0.06, -0.3, twoBamboo},
		{-0.12, -0.01, -0.1, oneDot},
		{0.36, 0.06, 0.3, whiteDragon},
		{0.12, -0.01, 0.1, compass},
	}
	for _, t := range fan {
		drawTile(c, frame{cx: fw/2 + t.dx*fw*0.62, cy: fh*0.5 + t.dy*fh, scale: scale, angle: t.angle}, t.print)
	}
	return c.image()
}

// feltRose is a faint compass rose pressed into the felt behind the tiles.
func feltRose(c *canvas, f frame) {
	tint := flat(hex(0xffffff).alpha(0.06))
	for i := range 8 {
		a := float64(i)*math.Pi/4 - math.Pi/2
		length := 0.45
		if i%2 == 1 {
			length = 0.3
		}
		s, co := math.Sincos(a)
		half := 0.05
		f.fill(c, polygon(point{co * length, s * length}, point{-s * half, co * half}, point{s * half, -co * half}), tint, 0)
	}
	f.fill(c, ring(0, 0, 0.38, 0.006), tint, 0)
}
