// Package httpcore is what every request of the site passes through,
// whatever it asks for: the middleware (request id, client address,
// security headers, access log, panic recovery, path and body limits,
// cross-origin protection), routes' own body and time limits, the route
// table with its request metrics and the answer for unrouted requests,
// and how the JSON API answers, errors included. It knows nothing of
// pages, the console or the stores: the site hands it its error screens
// (Config.Pages).
package httpcore
