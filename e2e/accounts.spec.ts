import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import keytar from 'keytar';
import { KEYCHAIN_SERVICE } from '../electron/services/secrets/keychain';
import { addAccount, expect, openView, test } from './fixtures';

/** Every file under `dir`, recursively (settings, logs, journals…). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // A save's lock file may go between the listing and this look (see readIfStillThere).
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return [];
    return stats.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * A file's text, or null when it vanished since it was listed: a save's temp file lives only
 * while the save runs, and the app may be saving (the last view) while this reads.
 */
function readIfStillThere(file: string): string | null {
  try {
    return readFileSync(file).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A loopback port nothing listens on: opened by the system, then closed again. */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test.describe('accounts', () => {
  test('add account names the cause: a refused port by its address, an unknown key as the exchange answered; success is brought into view', async ({ page, simulator }) => {
    await page.setViewportSize({ width: 1024, height: 700 });
    const form = page.getByRole('form', { name: 'Add an account' });
    const main = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;

    // 1. Nothing listens at the address: the address is named, the internet is not blamed.
    const port = await refusedPort();
    await addAccount(page, { name: 'Nowhere', baseUrl: `http://127.0.0.1:${port}`, apiKey: main.apiKey, apiSecret: main.apiSecret });
    const alert = form.getByRole('alert');
    await expect(alert).toContainText(`Connection refused at http://127.0.0.1:${port}`);
    await expect(alert).not.toContainText(/internet connection\./i);
    await expect(alert).not.toContainText('Offline');

    // 2. A key the exchange does not know: worded from its answer (code 2), no way "to Accounts" while on Accounts.
    await addAccount(page, { name: 'Unknown key', baseUrl: simulator.url, apiKey: `${main.apiKey.slice(0, -1)}${main.apiKey.endsWith('0') ? '1' : '0'}`, apiSecret: main.apiSecret });
    await expect(alert).toContainText('The exchange does not accept this API key');
    await expect(alert).toContainText('the key does not exist');
    await expect(page.getByRole('button', { name: 'Fix the key in Accounts' })).toHaveCount(0);

    // 3. Success: the result and its permission report are focused and on screen, not below the fold.
    await addAccount(page, { name: 'Main (B2B)', baseUrl: simulator.url, apiKey: main.apiKey, apiSecret: main.apiSecret });
    const result = page.getByTestId('add-account-result');
    await expect(result).toBeFocused();
    await expect(result).toBeInViewport();
    await expect(result.getByRole('group', { name: /What the key for Main \(B2B\) can reach/ })).toBeVisible();
  });

  // apiBodies before page: it listens from the page's first request on.
  test('add an account, see its permission report; a wrong secret is refused; the secret leaks nowhere', async ({ apiBodies, page, simulator, app }) => {
    const main = simulator.accounts.find((a) => a.name === 'Main (B2B)')!;

    // 1. A wrong secret: the exchange refuses the key and nothing is saved.
    const wrongSecret = `${main.apiSecret.slice(0, -4)}XXXX`;
    await addAccount(page, { name: 'Wrong', baseUrl: simulator.url, apiKey: main.apiKey, apiSecret: wrongSecret });
    const form = page.getByRole('form', { name: 'Add an account' });
    // Words by reason (bad_signature), with the main process's detail: nothing was saved.
    await expect(form.getByRole('alert')).toContainText('The API secret does not match the key');
    await expect(form.getByRole('alert')).toContainText('Nothing was saved.');
    // Issue 17: a failed add keeps every typed field to be corrected, the secret only in its own.
    await expect(form.getByLabel('API secret')).toHaveValue(wrongSecret);
    await expect(form.getByLabel('Name')).toHaveValue('Wrong');
    await expect(page.getByRole('listitem', { name: 'Wrong' })).toHaveCount(0);

    // 2. The right key pair: saved, tested area by area, secret in the keychain.
    await addAccount(page, { name: 'Main (B2B)', baseUrl: simulator.url, apiKey: main.apiKey, apiSecret: main.apiSecret });
    const report = page.getByRole('group', { name: /What the key for Main \(B2B\) can reach/ });
    await expect(report).toBeVisible();
    for (const area of ['balance', 'codes', 'positions', 'flex', 'withdraw']) await expect(report.locator(`[data-area="${area}"]`)).toHaveAttribute('data-status', 'ok');
    await expect(form.getByLabel('API secret')).toHaveValue('');
    const card = page.getByRole('listitem', { name: 'Main (B2B)' });
    await expect(card).toContainText('Stored in keychain');
    // The real keychain (this run's private Secret Service) holds it under the account's id.
    const accountId = (await card.getAttribute('data-account-id'))!;
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, accountId)).toBe(main.apiSecret);
    await expect(card).toContainText(`${main.apiKey.slice(0, 4)}…${main.apiKey.slice(-4)}`);

    // 3. It works as the active account.
    await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Main (B2B)' });
    await openView(page, 'Balances');
    await expect(page.getByTestId('balance-row').first()).toBeVisible();

    // 4. Test the key again from the list, toggle notifications.
    await openView(page, 'Accounts');
    await card.getByRole('button', { name: 'Test key' }).click();
    await expect(card.getByRole('group', { name: 'Key test' })).toBeVisible();
    await card.getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' }).check();
    await expect(card.getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' })).toBeChecked();

    // 5. The secret appears nowhere the renderer or the disk can show.
    for (const secret of [main.apiSecret, wrongSecret]) {
      expect(await page.content()).not.toContain(secret);
      const windowState = await page.evaluate(() => {
        const dump: string[] = [];
        for (const storage of [localStorage, sessionStorage]) {
          for (let i = 0; i < storage.length; i++) {
            const key = storage.key(i)!;
            dump.push(key, storage.getItem(key) ?? '');
          }
        }
        for (const key of Object.keys(window)) {
          try {
            const value = (window as unknown as Record<string, unknown>)[key];
            if (typeof value === 'string') dump.push(value);
            else if (value && typeof value === 'object' && !(value instanceof Node) && value !== window) dump.push(JSON.stringify(value) ?? '');
          } catch {
            // Cyclic or exotic globals cannot be serialised; they hold no app state.
          }
        }
        // Every input's current value, too (a secret field must be empty).
        for (const input of document.querySelectorAll('input')) dump.push(input.value);
        return dump.join('\n');
      });
      expect(windowState).not.toContain(secret);
      for (const body of apiBodies) expect(body).not.toContain(secret);
      if (!app.electron) expect(apiBodies.length).toBeGreaterThan(5);
      for (const file of filesUnder(app.userDataDir)) {
        const text = readIfStillThere(file);
        if (text !== null) expect(text, `${file} must not hold the secret`).not.toContain(secret);
      }
    }
    expect(filesUnder(app.userDataDir).some((f) => /settings/i.test(f))).toBe(true);
    for (const chunk of [...app.stdout, ...app.stderr]) {
      expect(chunk).not.toContain(main.apiSecret);
      expect(chunk).not.toContain(wrongSecret);
    }
  });

  test('replace a key and remove an account after confirmation', async ({ page, simulator }) => {
    const trader = simulator.accounts.find((a) => a.name === 'Trader')!;
    const readOnly = simulator.accounts.find((a) => a.name === 'Read-only')!;
    await addAccount(page, { name: 'Trader', baseUrl: simulator.url, apiKey: trader.apiKey, apiSecret: trader.apiSecret });
    const card = page.getByRole('listitem', { name: 'Trader' });
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Replace key' }).click();
    const replace = card.getByRole('form', { name: 'Replace key of Trader' });
    await replace.getByLabel('API key').fill(readOnly.apiKey);
    await replace.getByLabel('API secret').fill(readOnly.apiSecret);
    await replace.getByRole('button', { name: 'Test & save' }).click();
    await expect(card.getByText('Key replaced')).toBeVisible();
    await expect(card).toContainText(`${readOnly.apiKey.slice(0, 4)}…${readOnly.apiKey.slice(-4)}`);
    await expect(replace.getByLabel('API secret')).toHaveValue('');

    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('alertdialog', { name: 'Remove Trader?' }).getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByRole('listitem', { name: 'Trader' })).toHaveCount(0);
  });
});
