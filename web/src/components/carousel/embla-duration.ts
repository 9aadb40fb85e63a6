// Embla's `duration` option is not a time. Each frame (Embla steps at a
// fixed 60 a second) the glide's velocity grows by the remaining distance
// divided by `duration` and is then multiplied by a friction of 0.68: a
// damped spring. Carousels in the spec give a speed in milliseconds; this
// turns one into the duration whose glide takes about that long.

const FRAME_MS = 1000 / 60;
/** Embla's default friction (not exported by the library). */
const FRICTION = 0.68;
/** A glide counts as done once it stays within this share of its distance. */
const SETTLED = 0.01;
/** Frames simulated; far more than any glide this file is asked about. */
const MAX_FRAMES = 600;
const MAX_DURATION = 100;

/** How long Embla's glide with this duration takes to settle, in ms. */
export function emblaGlideMs(duration: number): number {
  let location = 0;
  let velocity = 0;
  let lastOff = 0;
  for (let frame = 1; frame <= MAX_FRAMES; frame++) {
    velocity = (velocity + (1 - location) / duration) * FRICTION;
    location += velocity;
    if (Math.abs(1 - location) > SETTLED) lastOff = frame;
  }
  return (lastOff + 1) * FRAME_MS;
}

/**
 * The slowest Embla duration whose glide settles within ms (at least 1).
 * The spring overshoots, so settle times are not monotonic in duration:
 * every candidate is checked.
 */
export function emblaDuration(ms: number): number {
  // 60,000 simulated frames per answer: a third of the home page's server
  // render before this was kept. Carousels ask for a few fixed speeds, so
  // the answers are kept (and forgotten, should many ever be asked for).
  let best = known.get(ms);
  if (best !== undefined) return best;
  best = 1;
  for (let d = 1; d <= MAX_DURATION; d++) if (emblaGlideMs(d) <= ms) best = d;
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(ms, best);
  return best;
}

const known = new Map<number, number>();
const MAX_KNOWN = 16;
