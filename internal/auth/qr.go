package auth

import (
	"fmt"
	"strings"

	"github.com/boombuler/barcode/qr"
)

// qrQuiet is the blank margin around a QR code, in modules (the standard asks for 4).
const qrQuiet = 4

// QRSVG draws text as a QR code in an SVG document: one path of unit
// squares, black on white, scaled by the viewer. The title names it for
// screen readers.
func QRSVG(text, title string) (string, error) {
	code, err := qr.Encode(text, qr.M, qr.Auto)
	if err != nil {
		return "", fmt.Errorf("auth: QR code: %w", err)
	}
	b := code.Bounds()
	n := b.Dx()
	size := n + 2*qrQuiet
	var path strings.Builder
	for y := range n {
		for x := 0; x < n; {
			if !dark(code.At(b.Min.X+x, b.Min.Y+y)) {
				x++
				continue
			}
			// A run of dark modules is one rectangle.
			start := x
			for x < n && dark(code.At(b.Min.X+x, b.Min.Y+y)) {
				x++
			}
			fmt.Fprintf(&path, "M%d %dh%dv1h-%dz", start+qrQuiet, y+qrQuiet, x-start, x-start)
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" shape-rendering="crispEdges">`,
		size, size, size*6, size*6)
	fmt.Fprintf(&out, `<title>%s</title>`, escapeXML(title))
	fmt.Fprintf(&out, `<rect width="%d" height="%d" fill="#fff"/>`, size, size)
	fmt.Fprintf(&out, `<path fill="#000" d="%s"/></svg>`, path.String())
	return out.String(), nil
}

// colorer is what a module's colour gives.
type colorer interface{ RGBA() (r, g, b, a uint32) }

func dark(c colorer) bool {
	r, g, b, _ := c.RGBA()
	return r+g+b < 3*0x8000
}

func escapeXML(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}
