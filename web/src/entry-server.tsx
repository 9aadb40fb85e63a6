// The server bundle's entry: Go calls globalThis.render(url, bootJSON) in
// its embedded JavaScript engine and gets back {"html": ..., "ok": ...}.
import './server/url-shim';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from './lib/router';
import { App } from './app/app';
import { staticRegistry } from './app/pages';
import type { BootData } from './gen/wire';
import { ApiCache } from './lib/api';
import { allPages } from './app/all-pages';

const registry = staticRegistry(allPages);

function renderApp(url: string, boot: BootData, failed: boolean, cache: ApiCache): string {
  return renderToString(
    <StaticRouter location={url}>
      <App cache={cache} registry={registry} now={new Date(boot.now)} settings={boot.settings} failed={failed || boot.error} />
    </StaticRouter>,
  );
}

/**
 * Renders url with the page's boot data. missingApi lists the API paths the
 * page read that Go did not put into the boot data: the page then renders
 * Loading... on the server, so Go's tests fail on any.
 */
function render(url: string, bootJSON: string): string {
  const boot = JSON.parse(bootJSON) as BootData;
  const cache = new ApiCache(boot.api, { recordMisses: true });
  try {
    const html = renderApp(url, boot, false, cache);
    return JSON.stringify({ ok: true, html, missingApi: cache.missed() });
  } catch (err) {
    const message = err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : String(err);
    return JSON.stringify({ ok: false, error: message, html: renderApp(url, boot, true, new ApiCache(boot.api)), missingApi: cache.missed() });
  }
}

(globalThis as unknown as { render: typeof render }).render = render;
