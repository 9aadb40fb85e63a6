import { pagesByName } from './page-modules';
import type { PageModule } from './pages';

/**
 * Every page module, loaded up front (server renderer, tests). The server
 * bundle's build expands this glob the same way Vite does
 * (scripts/build-server.mjs).
 */
export const allPages = pagesByName(
  import.meta.glob<PageModule>(['../pages/*.tsx', '!../pages/*.test.tsx'], { eager: true }),
);
