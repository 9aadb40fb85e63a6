// Command s3dev serves an S3-compatible store in memory (gofakes3), for
// trying the site's --files-url s3://… on one machine and for the test
// that runs several instances of the site on one bucket. Nothing it holds
// outlives the process; it checks no credentials. Not for production.
//
//	go run ./cmd/s3dev --addr 127.0.0.1:9000 --bucket site
//
// prints "Serving S3 at http://127.0.0.1:9000 (bucket site)" once it
// listens, then serves until SIGINT or SIGTERM. Point the site at it with
//
//	AWS_ACCESS_KEY_ID=dev AWS_SECRET_ACCESS_KEY=dev \
//	  bin/site serve --files-url 's3://site?endpoint=http://127.0.0.1:9000&region=us-east-1'
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "s3dev:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("s3dev", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:9000", "listen address (port 0 picks a free one; the address is printed)")
	buckets := fs.String("bucket", "site", "comma-separated buckets to create (the site does not create its bucket)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	backend := s3mem.New()
	names := strings.Split(*buckets, ",")
	for _, b := range names {
		if err := backend.CreateBucket(strings.TrimSpace(b)); err != nil {
			return fmt.Errorf("create bucket %q: %w", b, err)
		}
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           gofakes3.New(backend, gofakes3.WithLogger(gofakes3.DiscardLog())).Server(),
		ReadHeaderTimeout: 10 * time.Second,
	}
	fmt.Printf("Serving S3 at http://%s (bucket %s)\n", l.Addr(), strings.Join(names, ", "))

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
