// When the public site's effects run. Preact (what the public site runs on,
// see scripts/preact-aliases.mjs) runs a render's effects after the next
// animation frame; React runs them in a task of their own right after the
// commit, and the site was written for that: the page counts as taken over
// (html[data-hydrated]), listens to its carousels' and menus' events and
// replays what the visitor did early in those effects. Here they run as
// React runs them, in a message task queued after the commit: on time in
// a tab that paints no frames (hidden), and under a test's paused clock,
// which holds animation frames and timers but not message tasks.
import { options } from 'preact';

const pending: (() => void)[] = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  for (const run of pending.splice(0)) run();
};

options.requestAnimationFrame = (run) => {
  pending.push(run);
  if (pending.length === 1) channel.port2.postMessage(null);
};
