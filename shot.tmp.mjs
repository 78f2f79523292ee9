import { chromium } from 'playwright-core';
const [url, out, ...clicks] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 1200, height: Number(process.env.H ?? 800) } });
page.on('console', m => console.log('console', m.type(), m.text()));
await page.goto(url);
await page.waitForTimeout(500);
for (const c of clicks) { if (c.startsWith('wait:')) { await page.waitForTimeout(Number(c.slice(5))); continue; } await (c.startsWith('role:') ? page.getByRole('button', { name: c.slice(5) }) : c.startsWith('label:') ? page.getByLabel(c.slice(6)) : page.locator(c)).click(); await page.waitForTimeout(900); }
await page.screenshot({ path: out, fullPage: !!process.env.FULL });
await browser.close();
