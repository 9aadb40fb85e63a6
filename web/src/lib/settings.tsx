import { createContext, useContext, type ReactNode } from 'react';
import type { Settings } from '../gen/wire';

const SettingsContext = createContext<Settings | null>(null);

/** Provides the operator's settings from boot data (the same on every page of a running site). */
export function SettingsProvider({ settings, children }: { settings: Settings; children: ReactNode }) {
  return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>;
}

/** The operator's settings the pages state, such as how long applications are kept. */
export function useSettings(): Settings {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSettings outside SettingsProvider');
  return settings;
}
