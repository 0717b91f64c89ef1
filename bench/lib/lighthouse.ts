import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  /** Failing audits of either category, for the report. */
  failing: string[];
}

/** Debian's Chromium (apt-get install -y chromium); never a downloaded browser. */
export function chromePath(): string {
  const found = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (file) => file && fs.existsSync(file),
  );
  if (!found)
    throw new Error('Chromium is missing: apt-get install -y chromium (or set CHROME_PATH)');
  return found;
}

/**
 * Lighthouse's default configuration, which is the mobile preset (Moto G Power emulation, simulated
 * slow 4G and 4x CPU slowdown), in a fresh headless Chromium per run. `runs` runs; the run with the
 * median performance score is reported.
 */
export async function lighthouseFigures(url: string, runs: number): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  let failures = 0;
  while (results.length < runs) {
    try {
      results.push(await lighthouseOnce(url));
    } catch (error) {
      // Trace recording fails now and then on a busy machine (NO_NAVSTART, NO_FCP): run again.
      if (++failures > 3) throw error;
      console.log(`  Lighthouse run failed (${(error as Error).message}); running again`);
    }
  }
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)]!;
}

async function lighthouseOnce(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}`);
    // BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's report (the LCP element, the chains).
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      fs.mkdirSync(reports, { recursive: true });
      const name = `${new URL(url).pathname.split('/')[1] || 'start'}-${Date.now()}.json`;
      fs.writeFileSync(`${reports}/${name}`, JSON.stringify(lhr));
    }
    const failing = Object.values(lhr.categories)
      .flatMap((category) =>
        category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]!),
      )
      .filter(
        (audit) =>
          audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    // Which elements moved, when anything did: the audit's items name them.
    const shifts =
      (
        lhr.audits['layout-shifts']?.details as
          | { items?: Array<{ node?: { selector?: string; snippet?: string }; score?: number }> }
          | undefined
      )?.items ?? [];
    for (const shift of shifts)
      failing.push(
        `layout shift ${shift.score?.toFixed(4)} of ${shift.node?.selector ?? '?'} ${shift.node?.snippet?.slice(0, 120) ?? ''}`,
      );
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
      cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(4)),
      failing,
    };
  } finally {
    await chrome.kill();
  }
}
