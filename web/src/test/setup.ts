// Run before every test file (vite.config.ts, test.setupFiles).
import { configure } from '@testing-library/react';

// waitFor and findBy* wait for an outcome, not for a time: on a loaded
// 2-core machine a whole page's render and navigation take seconds, so
// they wait up to 10 s (their default, 1 s, failed tests there that pass
// on a quiet one). A test still fails at once when the outcome is wrong
// for good: waitFor reports the last failure when it gives up.
configure({ asyncUtilTimeout: 10_000 });
