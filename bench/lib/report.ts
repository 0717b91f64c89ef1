/** The targets (issues 7 and 20), and the table printed at the end of `make bench`. */
export type Metrics = Record<string, number>;

interface Target {
  text: string;
  met(value: number): boolean;
}

const atLeast = (limit: number, unit = ''): Target => ({
  text: `>= ${limit}${unit}`,
  met: (v) => v >= limit,
});
const atMost = (limit: number, unit = ''): Target => ({
  text: `<= ${limit}${unit}`,
  met: (v) => v <= limit,
});

export function targetOf(name: string): Target | undefined {
  if (/^api\.(?!raw\.|floor\.)[a-z_]+\.vs_raw$/.test(name)) return atLeast(0.5);
  if (/^api\.(?!raw\.|floor\.)[a-z_]+\.p99_ms$/.test(name)) return atMost(20, ' ms');
  // make bench-scale (issue 35).
  if (/^scale\.[a-z_]+\.vs_empty$/.test(name)) return atLeast(0.9);
  if (/^scale\.staff\.[a-z_.0-9]+\.p95_ms$/.test(name)) return atMost(50, ' ms');
  // Issue 30: claim starts during a burst of sign-ins at most 3x as slow as quiet ones.
  if (name === 'staff.signin_burst.vs_quiet') return atMost(3);
  if (name === 'upload.vs_floor') return atLeast(0.8);
  if (name === 'upload.rss_growth_mb') return atMost(64, ' MB');
  if (name === 'address.find.p95_ms') return atMost(25, ' ms');
  if (name === 'client.start.js_gz_kb') return atMost(100, ' KiB');
  if (/^lighthouse\.[a-z]+\.performance$/.test(name)) return atLeast(98);
  if (/^lighthouse\.[a-z]+\.accessibility$/.test(name)) return atLeast(100);
  if (/^lighthouse\.[a-z]+\.cls$/.test(name)) return atMost(0);
  return undefined;
}

export interface Row {
  name: string;
  value: number;
  unit: string;
  /** The baseline (or how the ratio was formed), where the figure has one. */
  baseline?: string;
}

function format(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(value === Math.round(value) ? 0 : value < 1 ? 3 : 2);
}

export function printTable(rows: Row[]): { met: number; missed: string[] } {
  const cells = rows.map((row) => {
    const target = targetOf(row.name);
    const verdict = target ? (target.met(row.value) ? 'MET' : 'MISSED') : '';
    return [
      row.name,
      `${format(row.value)}${row.unit ? ` ${row.unit}` : ''}`,
      row.baseline ?? '',
      target?.text ?? '',
      verdict,
    ];
  });
  const header = ['metric', 'value', 'baseline (same run)', 'target', ''];
  const widths = header.map((_, i) =>
    Math.max(header[i]!.length, ...cells.map((c) => c[i]!.length)),
  );
  const line = (c: string[]): string =>
    c
      .map((cell, i) => (i === 1 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(line(c));
  const judged = cells.filter((c) => c[4]);
  const missed = judged.filter((c) => c[4] === 'MISSED').map((c) => c[0]!);
  console.log(
    `\n${judged.length - missed.length} of ${judged.length} targets met${missed.length ? `; missed: ${missed.join(', ')}` : ''}`,
  );
  return { met: judged.length - missed.length, missed };
}

/** The same table in Markdown, for README.md's 'Measured' section. */
export function markdownTable(rows: Row[]): string {
  const lines = ['| Metric | Value | Baseline (same run) | Target | |', '|---|---:|---|---|---|'];
  for (const row of rows) {
    const target = targetOf(row.name);
    const verdict = target ? (target.met(row.value) ? 'MET' : '**MISSED**') : '';
    lines.push(
      `| \`${row.name}\` | ${format(row.value)}${row.unit ? ` ${row.unit}` : ''} | ${row.baseline ?? ''} | ${target?.text.replace('>=', '≥').replace('<=', '≤') ?? ''} | ${verdict} |`,
    );
  }
  return lines.join('\n');
}
