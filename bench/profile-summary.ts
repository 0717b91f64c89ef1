/**
 * Summarises a V8 CPU profile (node --cpu-prof; `BENCH_PROFILE=1 make bench` writes the server's
 * into bench/profiles/): self time by function and by package or source file, and total (inclusive)
 * time of the functions that matter most, as shares of the busy (non-idle) time.
 *
 *   node bench/profile-summary.ts bench/profiles/<file>.cpuprofile [top=25] [lastSeconds]
 *
 * `lastSeconds` keeps only the profile's last seconds: a phase measured at the end of a run (the
 * sign-in bursts) without the server's start-up before it.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, lastArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

const self = new Map<number, number>();
const span = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
const from = lastArg ? span - Number(lastArg) * 1e6 : 0;
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= from) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const IDLE = new Set(['(idle)', '(program)', '(root)']);
const where = (node: ProfileNode): string => {
  const url = node.callFrame.url.replace(/^file:\/\//, '');
  if (!url) return node.callFrame.functionName || '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  return path.relative(process.cwd(), url);
};
const label = (node: ProfileNode): string => {
  const url = node.callFrame.url.replace(/^file:\/\//, '');
  const short = url.includes('node_modules')
    ? url.slice(url.lastIndexOf('node_modules/') + 13)
    : url.startsWith('/')
      ? path.relative(process.cwd(), url)
      : url;
  return `${short || '(native)'}:${node.callFrame.functionName || '(anonymous)'}:${node.callFrame.lineNumber + 1}`;
};

let busy = 0;
let idle = 0;
for (const [id, time] of self) {
  const name = byId.get(id)!.callFrame.functionName;
  if (IDLE.has(name)) idle += time;
  else busy += time;
}
const gc = [...self]
  .filter(([id]) => byId.get(id)!.callFrame.functionName === '(garbage collector)')
  .reduce((sum, [, t]) => sum + t, 0);

const pct = (time: number): string => `${((100 * time) / busy).toFixed(1).padStart(5)}%`;
const tally = (key: (node: ProfileNode) => string): Array<[string, number]> => {
  const totals = new Map<string, number>();
  for (const [id, time] of self) {
    const node = byId.get(id)!;
    if (IDLE.has(node.callFrame.functionName)) continue;
    totals.set(key(node), (totals.get(key(node)) ?? 0) + time);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
};

// Inclusive time: a sample counts once for every distinct function (and package) on its stack.
const inclusive = new Map<string, number>();
const inclusivePackage = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const seen = new Set<string>();
  const seenPackage = new Set<string>();
  const time = profile.timeDeltas[i] ?? 0;
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at)!;
    if (IDLE.has(node.callFrame.functionName)) break;
    const key = label(node);
    if (!seen.has(key)) {
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + time);
    }
    const pkg = where(node);
    if (!seenPackage.has(pkg)) {
      seenPackage.add(pkg);
      inclusivePackage.set(pkg, (inclusivePackage.get(pkg) ?? 0) + time);
    }
  }
});

console.log(
  `${file}\nbusy ${(busy / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s, GC ${pct(gc).trim()} of busy\n`,
);
console.log('self time by package / source file');
for (const [name, time] of tally(where).slice(0, top)) console.log(`${pct(time)}  ${name}`);
console.log('\nself time by function');
for (const [name, time] of tally(label).slice(0, top)) console.log(`${pct(time)}  ${name}`);
console.log(
  '\ninclusive time by package / source file (synchronous stacks only: time under await is not counted)',
);
for (const [name, time] of [...inclusivePackage]
  .sort((a, b) => b[1] - a[1])
  .filter(([name]) => !name.startsWith('node:') && !name.startsWith('('))
  .slice(0, top)) {
  console.log(`${pct(time)}  ${name}`);
}
console.log('\ninclusive time of first-party functions (server/src)');
for (const [name, time] of [...inclusive]
  .sort((a, b) => b[1] - a[1])
  .filter(([name]) => name.startsWith('server/src/'))
  .slice(0, top)) {
  console.log(`${pct(time)}  ${name}`);
}
