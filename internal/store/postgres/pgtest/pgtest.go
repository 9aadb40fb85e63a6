// Package pgtest gives tests a PostgreSQL of their own on the server of
// TEST_DATABASE_URL: a fresh schema, or a fresh database, dropped when the
// test ends. Without TEST_DATABASE_URL the test is skipped, except under
// CI=true, where PostgreSQL is required and a skip would hide a failure.
// Only tests import it.
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"net/url"
	"os"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// EnvVar names the environment variable holding the server's URL.
const EnvVar = "TEST_DATABASE_URL"

// URL returns TEST_DATABASE_URL. Without it the test is skipped, or
// failed under CI=true.
func URL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(EnvVar)
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal(EnvVar + " is not set: tests that need PostgreSQL are required under CI")
		}
		t.Skip(EnvVar + " is not set: skipping a test that needs PostgreSQL")
	}
	return u
}

// Schema creates a schema named prefix_ and a random suffix, and returns a
// URL whose connections use it (search_path). Tests never touch the
// public schema: other packages may be testing against the same database.
// The schema is dropped when the test ends; its cleanup is registered
// first, so it runs after the cleanups the test registers later (stores
// closed, processes stopped).
func Schema(t testing.TB, prefix string) string {
	t.Helper()
	base := URL(t)
	name := prefix + "_" + strings.ToLower(rand.Text()[:12])
	admin := open(t, base)
	if _, err := admin.ExecContext(t.Context(), `CREATE SCHEMA `+name); err != nil {
		t.Fatalf("pgtest: CREATE SCHEMA: %v", err)
	}
	t.Cleanup(func() {
		// t.Context is already cancelled during cleanup.
		if _, err := admin.ExecContext(context.Background(), `DROP SCHEMA `+name+` CASCADE`); err != nil {
			t.Errorf("pgtest: DROP SCHEMA %s: %v", name, err)
		}
	})
	u := parse(t, base)
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String()
}

// Database creates a database named prefix_ and a random suffix on the
// server and returns its URL, for tests that need a whole database (a
// backup's restore puts the tables back into the schema they came from).
// It is dropped, connections and all, when the test ends; as with Schema
// its cleanup runs after those the test registers later.
func Database(t testing.TB, prefix string) string {
	t.Helper()
	base := URL(t)
	name := prefix + "_" + strings.ToLower(rand.Text()[:12])
	admin := open(t, base)
	if _, err := admin.ExecContext(t.Context(), `CREATE DATABASE `+name); err != nil {
		t.Fatalf("pgtest: CREATE DATABASE: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), `DROP DATABASE `+name+` WITH (FORCE)`); err != nil {
			t.Errorf("pgtest: DROP DATABASE %s: %v", name, err)
		}
	})
	u := parse(t, base)
	u.Path = "/" + name
	return u.String()
}

// open opens a pool on rawURL, closed when the test ends (after the
// drop registered next).
func open(t testing.TB, rawURL string) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", rawURL)
	if err != nil {
		t.Fatalf("pgtest: sql.Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func parse(t testing.TB, rawURL string) *url.URL {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		// Not the error: url.Parse repeats the URL, password and all.
		t.Fatalf("pgtest: %s must be a postgres:// URL", EnvVar)
	}
	return u
}
