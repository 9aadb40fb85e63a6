package server

import (
	"strings"

	"corpsite/internal/console"
)

// AdminRouteKeys lists every staff API route as "METHOD /path" (after
// /api/admin), for the role × route matrix.
func AdminRouteKeys(s *Server) []string {
	var keys []string
	for _, rt := range s.staffAPI.Routes() {
		keys = append(keys, rt.Method+" "+strings.TrimPrefix(rt.Path, console.Prefix))
	}
	return keys
}
