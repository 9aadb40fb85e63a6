// The phone the speed figures stand for: this kind of 2-core machine, quiet,
// with its CPU slowed 4× (Lighthouse's mobile preset). On a slower or busier
// machine every task is measured longer and then slowed 4× again, so a
// check that should stand for the same phone everywhere slows the CPU in
// proportion to the machine's benchmarkIndex (Lighthouse's measure of the
// host: lower is slower or busier): 4× at REFERENCE_INDEX (2,000-2,900 seen
// on a quiet machine of this kind), bounded to 1-8×. Lighthouse's hosted runs
// do the same with a fixed 1.2 for their slow hosts.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

export const REFERENCE_INDEX = 2700;
export const DEFAULT_SLOWDOWN = 4;

/** The CPU slowdown that makes a machine of this benchmarkIndex the reference phone. */
export const slowdownFor = (index) => Math.min(8, Math.max(1, Math.round((DEFAULT_SLOWDOWN * index * 100) / REFERENCE_INDEX) / 100));

/** The machine's benchmarkIndex as Lighthouse measures it, in page (a Playwright page, its CPU not slowed); about a second. */
export const benchmarkIndex = async (page) => Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex));
