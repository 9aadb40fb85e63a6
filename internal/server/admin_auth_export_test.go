package server

// AdminRouteKeys lists every staff API route as "METHOD /path" (after
// /api/admin), for the role × route matrix.
func AdminRouteKeys(s *Server) []string {
	var keys []string
	for _, rt := range s.adminRoutes() {
		keys = append(keys, rt.method+" "+rt.path)
	}
	return keys
}
