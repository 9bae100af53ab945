// Lighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown) on /login and /my-dashboard of a running
// server, with the machine's Chromium. Start the product in production mode first, e.g.
//   npm run build -w @compliance/web && NODE_ENV=production PORT=3000 npm run start -w @compliance/server
// then: node scripts/bench/lighthouse.mjs [base URL, default http://127.0.0.1:3000] [runs, default 3]
// /my-dashboard is measured signed in as the demo analyst (the session cookie is sent as a header).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const runs = Number(process.argv[3] ?? 3);
const username = process.env.LH_USERNAME ?? 'analyst';
const password = process.env.DEMO_PASSWORD ?? 'ChangeMe-Demo-2026';

async function sessionCookie() {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login as ${username} failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const median = (values) => {
  const known = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)] : Number.NaN;
};
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  for (const path of ['/login', '/my-dashboard']) {
    const rows = [];
    for (let i = 0; i < runs; i += 1) {
      const extraHeaders = path === '/login' ? undefined : { Cookie: await sessionCookie() };
      const result = await lighthouse(`${base}${path}`, { port: chrome.port, onlyCategories: ['performance'], extraHeaders, logLevel: 'error' });
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) console.log(`${path}: Lighthouse could not measure this run: ${runtimeError.code} ${runtimeError.message}`);
      rows.push({
        score: categories.performance.score == null ? Number.NaN : Math.round(categories.performance.score * 100),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      });
    }
    const pick = (key) => median(rows.map((r) => r[key]));
    console.log(
      `${path.padEnd(14)} score ${pick('score')} (runs: ${rows.map((r) => r.score).join(', ')}) · FCP ${(pick('fcp') / 1000).toFixed(2)} s · LCP ${(pick('lcp') / 1000).toFixed(2)} s · TBT ${Math.round(pick('tbt'))} ms · CLS ${pick('cls').toFixed(3)}`,
    );
  }
} finally {
  await chrome.kill();
}
