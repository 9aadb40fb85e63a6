package httpcore

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"net/http"
	"net/netip"
	"strings"
	"sync"
)

// maxForwardedHops bounds how many X-Forwarded-For entries are examined.
// A real chain of proxies is a handful long; walking further would only
// let a client make every request cost more.
const maxForwardedHops = 16

// clientAddr returns the address of the client that sent r. The
// connection's peer is the client unless it is one of the trusted proxies;
// then the X-Forwarded-For entries (all such headers, in order, as one
// list) are walked from the right, skipping trusted proxies, and the first
// address that is not trusted is the client. The entries to the left of it
// were written by the client itself and are never believed.
//
// An entry that is not an address ends the walk: the last trusted hop is
// then the client. That hop at least is known, and a client sending
// garbage shares its proxy's rate limit rather than escaping limits. When
// every entry is trusted, the leftmost is the client.
//
// The zero Addr is returned only if the peer address does not parse.
func clientAddr(r *http.Request, trusted []netip.Prefix) netip.Addr {
	peer := peerAddr(r.RemoteAddr)
	if !peer.IsValid() || !isTrusted(peer, trusted) {
		return peer
	}
	return forwardedClient(peer, r.Header.Values("X-Forwarded-For"), trusted)
}

// PeerTrusted reports whether the connection's remote address (as
// http.Request.RemoteAddr has it) is one of the trusted proxies, so that
// the client is found in X-Forwarded-For; and returns that address, the
// client otherwise.
func PeerTrusted(remote string, trusted []netip.Prefix) (netip.Addr, bool) {
	peer := peerAddr(remote)
	return peer, peer.IsValid() && isTrusted(peer, trusted)
}

// ForwardedClient is the client of a request from peer, a trusted proxy,
// with the X-Forwarded-For values given (see clientAddr).
func ForwardedClient(peer netip.Addr, values []string, trusted []netip.Prefix) netip.Addr {
	return forwardedClient(peer, values, trusted)
}

func forwardedClient(peer netip.Addr, values []string, trusted []netip.Prefix) netip.Addr {
	client := peer
	hops := 0
	for i := len(values) - 1; i >= 0; i-- {
		entries := values[i]
		for entries != "" {
			var entry string
			if j := strings.LastIndexByte(entries, ','); j >= 0 {
				entries, entry = entries[:j], entries[j+1:]
			} else {
				entries, entry = "", entries
			}
			entry = strings.TrimSpace(entry)
			if entry == "" {
				continue // "a, , b" or a trailing comma: no hop
			}
			hops++
			a, ok := parseForwarded(entry)
			if !ok || hops > maxForwardedHops {
				return client
			}
			client = a
			if !isTrusted(a, trusted) {
				return a
			}
		}
	}
	return client
}

// peerAddr parses a connection's remote address ("ip:port", or a bare
// address as some test servers and listeners give).
func peerAddr(remote string) netip.Addr {
	if ap, err := netip.ParseAddrPort(remote); err == nil {
		return normalizeAddr(ap.Addr())
	}
	if a, err := netip.ParseAddr(remote); err == nil {
		return normalizeAddr(a)
	}
	return netip.Addr{}
}

// parseForwarded parses one X-Forwarded-For entry: an address, which some
// proxies write with a port ("192.0.2.1:5000", "[2001:db8::1]:5000") or
// an IPv6 address in brackets.
func parseForwarded(s string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(s); err == nil {
		return normalizeAddr(a), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return normalizeAddr(ap.Addr()), true
	}
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		if a, err := netip.ParseAddr(s[1 : len(s)-1]); err == nil && a.Is6() {
			return normalizeAddr(a), true
		}
	}
	return netip.Addr{}, false
}

// normalizeAddr drops the zone and turns IPv4-mapped IPv6 addresses into
// IPv4, so one client has one form and trusted networks match either way.
func normalizeAddr(a netip.Addr) netip.Addr {
	return a.WithZone("").Unmap()
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ClientAddr returns the client address the middleware found for the
// request of ctx.
func ClientAddr(ctx context.Context) (netip.Addr, bool) {
	if rq := requestOf(ctx); rq != nil {
		return rq.client, true
	}
	return netip.Addr{}, false
}

// ClientNetwork is the unit a client is counted and logged by: its IPv4
// address, or its IPv6 /64 (one household or server usually holds a whole
// /64 and can pick any address in it).
func ClientNetwork(a netip.Addr) string {
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// ClientKey identifies the client of r for rate limits without keeping
// its address: a hash of its network (see ClientNetwork). It is the same
// on every instance, so limits kept in a shared database add up.
func ClientKey(r *http.Request) string {
	a, ok := ClientAddr(r.Context())
	if !ok {
		a = peerAddr(r.RemoteAddr)
	}
	sum := sha256.Sum256([]byte("rate-limit\x00" + ClientNetwork(a)))
	return hex.EncodeToString(sum[:12])
}

// logKeySecret keys the client tag in logs. It is made at start-up and
// never stored, so a tag cannot be turned back into an address by trying
// all of them, and tags of different runs do not match.
var logKeySecret = func() []byte {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return b
}()

// ClientTag is how logs name a client: enough to tell one client's
// requests from another's within a run, never its address (personal data
// never reaches logs).
func ClientTag(a netip.Addr) string {
	m := tagMACs.Get().(hash.Hash)
	m.Reset()
	m.Write([]byte(ClientNetwork(a)))
	var sum [sha256.Size]byte
	tag := hex.EncodeToString(m.Sum(sum[:0])[:6])
	tagMACs.Put(m)
	return tag
}

// tagMACs keeps keyed HMACs for ClientTag: keying one costs more than
// the tag itself, and every request's log line has a tag.
var tagMACs = sync.Pool{New: func() any { return hmac.New(sha256.New, logKeySecret) }}
