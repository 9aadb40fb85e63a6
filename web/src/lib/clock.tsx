import { createContext, useContext, type ReactNode } from 'react';

const ClockContext = createContext<Date>(new Date(0));

/** Provides the server's render time so server and browser agree on dates. */
export function ClockProvider({ now, children }: { now: Date; children: ReactNode }) {
  return <ClockContext.Provider value={now}>{children}</ClockContext.Provider>;
}

export function useNow(): Date {
  return useContext(ClockContext);
}
