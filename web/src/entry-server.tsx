// The server bundle's entry: Go calls globalThis.render(url, bootJSON) in
// its embedded JavaScript engine and gets back {"html": ..., "ok": ...}.
import './server/url-shim';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { staticRegistry } from './app/pages';
import { ApiCache } from './lib/api';
import type { BootData } from './lib/types';
import { allPages } from './app/all-pages';

const registry = staticRegistry(allPages);

function renderApp(url: string, boot: BootData, failed: boolean): string {
  return renderToString(
    <StaticRouter location={url}>
      <App cache={new ApiCache(boot.api)} registry={registry} now={new Date(boot.now)} failed={failed || boot.error} />
    </StaticRouter>,
  );
}

function render(url: string, bootJSON: string): string {
  const boot = JSON.parse(bootJSON) as BootData;
  try {
    return JSON.stringify({ ok: true, html: renderApp(url, boot, false) });
  } catch (err) {
    const message = err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : String(err);
    return JSON.stringify({ ok: false, error: message, html: renderApp(url, boot, true) });
  }
}

(globalThis as unknown as { render: typeof render }).render = render;
