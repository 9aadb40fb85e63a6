package httpcore

import (
	"context"
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientAddr(t *testing.T) {
	t.Parallel()
	proxies := []netip.Prefix{
		netip.MustParsePrefix("10.0.0.0/8"),
		netip.MustParsePrefix("127.0.0.1/32"),
		netip.MustParsePrefix("fd00::/8"),
	}
	tests := []struct {
		name    string
		peer    string
		xff     []string // one X-Forwarded-For header each
		trusted []netip.Prefix
		want    string
	}{
		{name: "no proxies configured", peer: "203.0.113.5:4000", want: "203.0.113.5"},
		{name: "header ignored without trusted proxies", peer: "203.0.113.5:4000", xff: []string{"198.51.100.1"}, want: "203.0.113.5"},
		{name: "spoofed header from an untrusted peer", peer: "203.0.113.5:4000", xff: []string{"10.0.0.1, 198.51.100.1"}, trusted: proxies, want: "203.0.113.5"},
		{name: "trusted peer without header", peer: "127.0.0.1:4000", trusted: proxies, want: "127.0.0.1"},
		{name: "trusted peer names the client", peer: "127.0.0.1:4000", xff: []string{"198.51.100.1"}, trusted: proxies, want: "198.51.100.1"},
		{name: "client's own entries left of the real one are ignored", peer: "127.0.0.1:4000", xff: []string{"1.1.1.1, 2.2.2.2, 198.51.100.1"}, trusted: proxies, want: "198.51.100.1"},
		{name: "chain of trusted proxies is skipped", peer: "127.0.0.1:4000", xff: []string{"198.51.100.1, 10.1.1.1, 10.2.2.2"}, trusted: proxies, want: "198.51.100.1"},
		{name: "spoofed trusted address left of the client", peer: "127.0.0.1:4000", xff: []string{"10.9.9.9, 198.51.100.1"}, trusted: proxies, want: "198.51.100.1"},
		{name: "multiple headers are one list", peer: "127.0.0.1:4000", xff: []string{"1.1.1.1, 198.51.100.1", "10.1.1.1"}, trusted: proxies, want: "198.51.100.1"},
		{name: "multiple headers, client in the last", peer: "127.0.0.1:4000", xff: []string{"1.1.1.1", "198.51.100.1"}, trusted: proxies, want: "198.51.100.1"},
		{name: "all hops trusted: the leftmost", peer: "127.0.0.1:4000", xff: []string{"10.3.3.3, 10.1.1.1"}, trusted: proxies, want: "10.3.3.3"},
		{name: "empty entries are skipped", peer: "127.0.0.1:4000", xff: []string{" , 198.51.100.1 ,, "}, trusted: proxies, want: "198.51.100.1"},
		{name: "empty header", peer: "127.0.0.1:4000", xff: []string{""}, trusted: proxies, want: "127.0.0.1"},
		{name: "garbage from the nearest hop: the proxy is the client", peer: "127.0.0.1:4000", xff: []string{"198.51.100.1, not-an-ip"}, trusted: proxies, want: "127.0.0.1"},
		{name: "garbage left of the client is never read", peer: "127.0.0.1:4000", xff: []string{"<script>, 198.51.100.1"}, trusted: proxies, want: "198.51.100.1"},
		{name: "garbage behind a trusted hop stops at that hop", peer: "127.0.0.1:4000", xff: []string{"unknown, 10.1.1.1"}, trusted: proxies, want: "10.1.1.1"},
		{name: "hostname entry", peer: "127.0.0.1:4000", xff: []string{"example.com"}, trusted: proxies, want: "127.0.0.1"},
		{name: "entry with a port", peer: "127.0.0.1:4000", xff: []string{"198.51.100.1:5555"}, trusted: proxies, want: "198.51.100.1"},
		{name: "IPv6 client", peer: "127.0.0.1:4000", xff: []string{"2001:db8::1"}, trusted: proxies, want: "2001:db8::1"},
		{name: "IPv6 client in brackets with port", peer: "127.0.0.1:4000", xff: []string{"[2001:db8::1]:443"}, trusted: proxies, want: "2001:db8::1"},
		{name: "IPv6 client in brackets", peer: "127.0.0.1:4000", xff: []string{"[2001:db8::1]"}, trusted: proxies, want: "2001:db8::1"},
		{name: "IPv6 trusted peer", peer: "[fd00::5]:4000", xff: []string{"2001:db8::7"}, trusted: proxies, want: "2001:db8::7"},
		{name: "IPv6 untrusted peer", peer: "[2001:db8::9]:4000", xff: []string{"198.51.100.1"}, trusted: proxies, want: "2001:db8::9"},
		{name: "IPv6 peer with zone", peer: "[fe80::1%eth0]:4000", want: "fe80::1"},
		{name: "IPv4-mapped peer matches an IPv4 network", peer: "[::ffff:127.0.0.1]:4000", xff: []string{"198.51.100.1"}, trusted: proxies, want: "198.51.100.1"},
		{name: "IPv4-mapped client becomes IPv4", peer: "127.0.0.1:4000", xff: []string{"::ffff:198.51.100.1"}, trusted: proxies, want: "198.51.100.1"},
		{name: "unparsable peer", peer: "pipe", want: "invalid IP"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.peer
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := clientAddr(r, tt.trusted).String(); got != tt.want {
				t.Errorf("clientAddr = %s, want %s", got, tt.want)
			}
		})
	}
}

// A long chain is not walked to its end: past maxForwardedHops the last
// trusted hop is the client.
func TestClientAddrBoundsTheWalk(t *testing.T) {
	t.Parallel()
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "127.0.0.1:4000"
	v := "198.51.100.1"
	for range maxForwardedHops + 4 {
		v += ", 10.0.0.1"
	}
	r.Header.Set("X-Forwarded-For", v)
	got := clientAddr(r, []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("127.0.0.1/32")})
	if got.String() != "10.0.0.1" {
		t.Errorf("clientAddr = %s, want the last trusted hop walked (10.0.0.1)", got)
	}
}

// Rate limits count an IPv6 client by its /64, and never by the address
// in the clear.
func TestClientKey(t *testing.T) {
	t.Parallel()
	key := func(peer string) string {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = peer
		r = r.WithContext(context.WithValue(r.Context(), ctxKey{}, &request{client: clientAddr(r, nil), cfg: &Config{}}))
		return ClientKey(r)
	}
	if key("[2001:db8:1:2::1]:1") != key("[2001:db8:1:2:ffff::9]:1") {
		t.Error("two addresses of one IPv6 /64 have different keys")
	}
	if key("[2001:db8:1:2::1]:1") == key("[2001:db8:1:3::1]:1") {
		t.Error("two IPv6 /64 networks share a key")
	}
	if key("192.0.2.1:1") == key("192.0.2.2:1") {
		t.Error("two IPv4 addresses share a key")
	}
	if k := key("192.0.2.1:1"); k == "" || len(k) != 24 {
		t.Errorf("key = %q, want 24 hex digits", k)
	}
	if ClientTag(netip.MustParseAddr("192.0.2.1")) == "192.0.2.1" {
		t.Error("the log tag is the address")
	}
}
