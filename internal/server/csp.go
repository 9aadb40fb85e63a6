package server

// contentSecurityPolicy allows scripts and style sheets only from our own
// origin, the one inline <script> whose hash is scriptHash (the loader that
// starts the app after the first paint: see appLoader), the one <style>
// element whose hash is styleHash (a page's own part of the site's style
// sheet, inlined into it: see assets.pageStyle; "" on responses that are
// not pages), and frames only from the map service, on
// a visitor's request. Inline style attributes stay allowed: React writes
// some (a progress bar's width, an animation delay) and they cannot run
// code.
func contentSecurityPolicy(scriptHash, styleHash string) string {
	script := "script-src 'self'"
	if scriptHash != "" {
		script += " " + scriptHash
	}
	style := "style-src 'self'"
	if styleHash != "" {
		style += " " + styleHash
	}
	return "default-src 'self'; " + script + "; " + style + "; style-src-attr 'unsafe-inline'; " +
		"img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src https://www.openstreetmap.org; " +
		"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
}
