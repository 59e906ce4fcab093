/**
 * A wrong server address is named as such, never blamed on the key, and the words appear where
 * "Test & save" was pressed: a web server that is not the exchange, and an address ending in
 * /api/v4, at 1440 x 900, in English and Ukrainian. With DESK_SCREENSHOT_DIR set, each refusal is
 * photographed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openView, test } from './fixtures';

const SCREENSHOT_DIR = process.env.DESK_SCREENSHOT_DIR ? resolve(process.env.DESK_SCREENSHOT_DIR) : null;
const photograph = async (page: Page, name: string) => {
  if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
};

/** A web site on this computer: a page for every address, as a wrong base URL meets. */
async function webSite(): Promise<{ url: string; signedRequests: () => number; close: () => Promise<void> }> {
  let signed = 0;
  const server = http.createServer((req, res) => {
    if (req.headers['x-txc-apikey'] !== undefined) signed++;
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>My blog</title><p>Welcome');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, signedRequests: () => signed, close: () => new Promise((done) => server.close(() => done())) };
}

type Labels = { form: string; name: string; region: string; baseUrl: string; key: string; secret: string };

async function fillAdd(page: Page, labels: Labels, values: { baseUrl: string }) {
  const form = page.getByRole('form', { name: labels.form });
  await form.getByLabel(labels.name, { exact: true }).fill('My account');
  await form.getByLabel(labels.region, { exact: true }).selectOption('custom');
  await form.getByLabel(labels.baseUrl, { exact: true }).fill(values.baseUrl);
  await form.getByLabel(labels.key, { exact: true }).fill('wrong-address-key-0001');
  await form.getByLabel(labels.secret, { exact: true }).fill('wrong-address-secret-0001');
  return form;
}

const EN: Labels = { form: 'Add an account', name: 'Name', region: 'Region', baseUrl: 'Base URL', key: 'API key', secret: 'API secret' };
const UK: Labels = { form: 'Додати акаунт', name: 'Назва', region: 'Регіон', baseUrl: 'Базова URL-адреса', key: 'API-ключ', secret: 'API-секрет' };

test('a wrong server address gets its own words, in sight where Test & save was pressed', async ({ page, simulator }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const site = await webSite();
  try {
    await openView(page, 'Accounts');
    const form = await fillAdd(page, EN, { baseUrl: site.url });
    await form.getByRole('button', { name: 'Test & save' }).click();
    const refusal = page.getByTestId('key-refusal');
    await expect(refusal).toContainText(`${site.url} is not the exchange’s API`, { timeout: 30_000 });
    await expect(refusal).toContainText('Nothing was saved.');
    await expect(refusal).not.toContainText(/API key|refused/);
    await expect(refusal).toBeInViewport();
    await expect(refusal).toBeFocused();
    // The key never went to a server that is not the exchange.
    expect(site.signedRequests()).toBe(0);
    await photograph(page, 'wrong-address-not-an-exchange-1440x900');

    // The exchange's own address with the API path on it: refused before anything is sent.
    await form.getByLabel('Base URL', { exact: true }).fill(`${simulator.url}/api/v4`);
    await form.getByRole('button', { name: 'Test & save' }).click();
    const baseUrl = form.getByLabel('Base URL', { exact: true });
    await expect(baseUrl).toBeFocused();
    await expect(baseUrl).toHaveAccessibleDescription(/Base URL is the server’s address only: remove \/api\/v4 from the end/);
    await expect(page.getByText(/Base URL is the server’s address only/)).toBeInViewport();
    await photograph(page, 'wrong-address-api-path-1440x900');

    // The same in Ukrainian.
    await openView(page, 'Settings');
    await page.getByLabel('Language', { exact: true }).selectOption('uk');
    const ukNav = page.getByRole('navigation', { name: 'Головне меню' });
    await ukNav.getByRole('link', { name: 'Акаунти', exact: true }).click();
    const ukForm = await fillAdd(page, UK, { baseUrl: site.url });
    await ukForm.getByRole('button', { name: 'Перевірити й зберегти' }).click();
    await expect(refusal).toContainText(`${site.url} — це не API біржі`, { timeout: 30_000 });
    await expect(refusal).toBeInViewport();
    await photograph(page, 'wrong-address-not-an-exchange-uk-1440x900');
  } finally {
    await site.close();
  }
});
