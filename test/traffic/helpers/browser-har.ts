// A HAR exported by a real browser: headless Chromium (playwright-core) loads the sample API's page,
// which calls the API with fetch, and Playwright's `recordHar` writes what the browser saw.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Loads `url` in Chromium, waits for the page's `window.done`, and returns the HAR text. */
export async function recordBrowserHar(url: string): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'typefetch-har-'));
  const harPath = path.join(folder, 'browser.har');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ recordHar: { path: harPath, content: 'embed' } });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { done?: boolean }).done === true, undefined, {
      timeout: 20_000,
    });
    await context.close(); // writes the HAR
    return readFileSync(harPath, 'utf8');
  } finally {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
