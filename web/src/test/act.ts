// The act() that Testing Library uses in the public site's tests (the
// Vitest project "public" gives it the name react-dom/test-utils, where
// Testing Library looks for one when React has none): Preact's, with
// React's wait at the end of an async callback. React keeps flushing after
// an awaited act() until promise chains started inside it have settled,
// so a test that lets a fetch answer inside act() sees the state its
// handlers set; Preact's flushes as soon as the callback's promise
// resolves. One macrotask after it gives those chains the same chance.
// The macrotask comes from node:timers, which fake timers leave alone.
import { setImmediate } from 'node:timers';
import { act as preactAct } from 'preact/test-utils';

const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs callback, renders and runs effects; resolves to what callback returned (or resolved to), as React's act does. */
export async function act<T>(callback: () => T): Promise<Awaited<T>> {
  let value: Awaited<T> | undefined;
  await preactAct(() => {
    const result = callback();
    if (result !== null && typeof result === 'object' && 'then' in result && typeof result.then === 'function') {
      return (result as unknown as Promise<Awaited<T>>).then(async (v) => {
        value = v;
        await macrotask();
      });
    }
    value = result as Awaited<T>;
    return undefined;
  });
  return value as Awaited<T>;
}
