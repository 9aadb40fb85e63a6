// Package archtest holds no code, only a test that checks the package
// graph DESIGN.md describes: dependencies point inward to the domain, the
// server and the staff console's API never see a concrete store or blob
// implementation, and wiring
// (app, cli, cmd) is the only place that picks them and starts the mail
// sender. Nothing imports it.
package archtest
