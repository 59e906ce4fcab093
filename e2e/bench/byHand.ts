/**
 * The Balances job done by hand, for bench:idle: a page with no framework and no library that asks
 * the app for the same overview every 10 s and writes the figures the app's Balances view shows
 * (the total and its split, and as many rows as the app's table keeps in the DOM, most valuable
 * first: asset, main, trade, collateral, total, value with its price in the tooltip, 24 h change,
 * share) straight into the DOM, touching only text that changed.
 *
 * It is the least a page doing this job costs in this Chromium: the fetch, the parse and the
 * painting of moving figures, without React, TanStack Query or Lingui. The app's page reads against
 * it, as it reads against a static page for what the browser costs by itself.
 *
 * The page is served by this bench process, which passes its one call on to the app with the
 * session token (browser mode answers only its own origin); the pass-on runs here, so it is not
 * counted as the app's work or the page's.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appApi } from './browserMode';

const REFRESH_MS = 10_000;

/** The page, writing `rows` rows: as many as the app's table keeps in the DOM (its window of rows and the overscan). */
const pageWith = (rows: number) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Balances by hand</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 0; display: grid; grid-template-columns: 220px 1fr; min-height: 100vh; }
  nav { border-right: 1px solid #ddd; padding: 16px; }
  main { padding: 24px; }
  .totals { display: flex; gap: 24px; margin-bottom: 16px; }
  .totals strong { font-size: 1.6rem; }
  table { width: 100%; table-layout: fixed; border-collapse: collapse; }
  th, td { padding: 0 14px; height: 52px; border-bottom: 1px solid #ddd; text-align: right; font-variant-numeric: tabular-nums; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  th:first-child, td:first-child { text-align: left; }
</style></head>
<body><nav>Balances</nav><main>
<h1>Balances</h1>
<div class="totals"><strong id="total"></strong><span id="main"></span><span id="trade"></span><span id="collateral"></span></div>
<table><thead><tr><th>Asset</th><th>Main</th><th>Trade</th><th>Collateral</th><th>Total</th><th>Value</th><th>24 h</th><th>Share</th></tr></thead><tbody id="rows"></tbody></table>
</main>
<script>
  const body = document.getElementById('rows');
  const cells = [];
  for (let i = 0; i < ${rows}; i++) {
    const row = body.insertRow();
    const line = [];
    for (let j = 0; j < 8; j++) line.push(row.insertCell());
    cells.push(line);
  }
  // Digits grouped in threes, the value cut to cents: on the text, as the app never uses floats for money.
  const grouped = (text) => {
    if (text === null) return '\\u2013';
    const [whole, fraction] = text.split('.');
    return whole.replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',') + (fraction ? '.' + fraction : '');
  };
  const cents = (text) => {
    if (text === null) return null;
    const [whole, fraction = ''] = text.split('.');
    return whole + '.' + (fraction + '00').slice(0, 2);
  };
  const put = (cell, text, title) => {
    if (cell.textContent !== text) cell.textContent = text;
    if (title !== undefined && cell.title !== title) cell.title = title;
  };
  async function refresh() {
    const answer = await fetch('/api/invoke', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"channel":"balances.overview","payload":{}}' });
    const { data } = await answer.json();
    put(document.getElementById('total'), grouped(cents(data.totals.value)) + ' ' + data.quote, data.totals.value);
    for (const part of ['main', 'trade', 'collateral']) put(document.getElementById(part), grouped(cents(data.totals[part])), data.totals[part]);
    data.rows.slice(0, ${rows}).forEach((row, i) => {
      const line = cells[i];
      put(line[0], row.asset);
      put(line[1], grouped(row.main), row.main);
      put(line[2], grouped(row.tradeAvailable), row.tradeAvailable);
      put(line[3], grouped(row.collateral), row.collateral);
      put(line[4], grouped(row.total), row.total);
      put(line[5], grouped(cents(row.value)), row.value === null ? '' : row.value + ' at ' + row.price);
      put(line[6], row.change24h === null ? '\\u2013' : grouped(row.change24h) + '%');
      put(line[7], row.share === null ? '\\u2013' : grouped(row.share) + '%');
    });
  }
  refresh();
  setInterval(refresh, ${REFRESH_MS});
</script></body></html>`;

/**
 * Serves the page, writing `rows` rows, on a loopback port; its one call goes on to the app at
 * `appUrl` (the launch URL, token in it).
 */
export async function startByHandPage(appUrl: string, rows: number): Promise<{ url: string; close(): void }> {
  const { endpoint, headers } = appApi(appUrl);
  const page = pageWith(rows);
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/api/invoke') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        fetch(endpoint, { method: 'POST', headers, body: Buffer.concat(chunks) })
          .then(async (answer) => {
            res.writeHead(answer.status, { 'Content-Type': 'application/json' });
            res.end(await answer.text());
          })
          .catch(() => {
            res.writeHead(502);
            res.end();
          });
      });
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}
