import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium (Playwright cannot download its own browsers here), phone-sized with
// touch. The app is served as players get it: by yut-server when YUT_WEB_URL names one
// (scripts/test-web.sh starts it), else by Vite's preview of web/dist.
const url = process.env.YUT_WEB_URL ?? 'http://127.0.0.1:4173';

export default defineConfig({
  testDir: 'tests',
  outputDir: process.env.YUT_WEB_OUT ?? 'test-results',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Two browsers at once (the test machine has two cores); the figures alone, after the
  // rest, so nothing else loads the machine while they are measured.
  fullyParallel: true,
  workers: Number(process.env.YUT_WEB_WORKERS ?? 2),
  projects: [
    { name: 'journeys', testIgnore: /figures\.spec\.ts/ },
    { name: 'figures', testMatch: /figures\.spec\.ts/, dependencies: ['journeys'] },
  ],
  retries: 0,
  reporter: [['list'], ['json', { outputFile: `${process.env.YUT_WEB_OUT ?? 'test-results'}/results.json` }]],
  use: {
    baseURL: url,
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
    },
    trace: 'off',
  },
  webServer: process.env.YUT_WEB_URL
    ? undefined
    : { command: 'npx vite preview --port 4173 --strictPort --host 127.0.0.1', url, reuseExistingServer: true, timeout: 60_000 },
});
