-- Real visitors' Core Web Vitals, aggregated: per day (a date in the
-- site's zone, YYYY-MM-DD), route pattern ("/job/:id") and metric, the
-- number of page views whose value fell in each histogram bucket
-- (domain.VitalsBucket). No visit, address or URL is kept. Bounded by
-- the fixed routes, metrics and buckets, and by pruning old days.
CREATE TABLE vitals_daily (
    day    TEXT NOT NULL,
    route  TEXT NOT NULL,
    metric TEXT NOT NULL,
    bucket INTEGER NOT NULL,
    count  BIGINT NOT NULL,
    PRIMARY KEY (day, route, metric, bucket)
);
