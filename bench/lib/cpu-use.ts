import fs from 'node:fs';

/**
 * CPU time the machine's processes spend during a load run, per request: the runs are CPU-bound
 * on two shared cores, so a call's throughput is set by everything it costs, in every process
 * (the server's threads, PostgreSQL's backends, the SMTP sink, the load generator itself).
 * Read from /proc (utime + stime of each thread), in clock ticks of 10 ms.
 */
export interface CpuGroups {
  /** Pids whose threads are counted by name: the main thread apart from the others. */
  node: Record<string, number | undefined>;
  /**
   * The run's PostgreSQL postmaster: only it and its children are counted. Without it every
   * process named postgres is, including other servers on a shared machine (other sessions'
   * test databases showed up as 1-6 ms per MB of "postgres backends" in upload rounds).
   */
  postmaster?: number;
}

type Ticks = Map<string, number>;

const TICK_MS = 10;

function ticksOf(statFile: string): number {
  try {
    const stat = fs.readFileSync(statFile, 'utf8');
    // Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function parentOf(pid: string): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The parent's pid is the second field after the command's closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '';
  } catch {
    return '';
  }
}

function commOf(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * PostgreSQL names each process's role in its title ("postgres: walwriter", "postgres: <user>
 * <database> <client> ..." for a backend): backends apart from the WAL writer, autovacuum, ...
 */
function postgresRole(pid: string): string {
  let title: string;
  try {
    title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return 'postgres';
  }
  const role =
    /^postgres: (checkpointer|background writer|walwriter|autovacuum \w+|logical replication \w+|io worker|walsummarizer)/.exec(
      title,
    )?.[1];
  if (role) return `postgres ${role.replace(/ \d+$/, '')}`;
  if (!title.startsWith('postgres:')) return 'postgres postmaster';
  // A backend's title names its user and database; any other process is shown by its title.
  return /^postgres: \S+ \S+ /.test(title)
    ? 'postgres backends'
    : `postgres (${title.slice(10, 40).trim()})`;
}

/** Ticks of each group now; processes that exit between two snapshots are lost (none should). */
function snapshot(groups: CpuGroups): Ticks {
  const ticks: Ticks = new Map();
  const add = (name: string, value: number) => ticks.set(name, (ticks.get(name) ?? 0) + value);
  for (const [name, pid] of Object.entries(groups.node)) {
    if (!pid) continue;
    let tasks: string[];
    try {
      tasks = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      const threadName = fs.existsSync(`/proc/${pid}/task/${tid}/comm`)
        ? fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
        : '';
      // Linux thread names: Node's worker threads, V8's GC and compiler
      // helpers, libuv's thread pool (file system, crypto).
      const part =
        tid === String(pid)
          ? 'main'
          : threadName === 'WorkerThread'
            ? 'worker thread'
            : threadName === 'V8Worker'
              ? 'V8 helpers'
              : threadName.startsWith('libuv')
                ? 'libuv pool'
                : 'other threads';
      add(`${name} ${part}`, ticksOf(`/proc/${pid}/task/${tid}/stat`));
    }
  }
  for (const pid of fs.readdirSync('/proc')) {
    // Per process: a backend that exits between two snapshots must not subtract its whole life.
    if (!/^\d+$/.test(pid) || commOf(pid) !== 'postgres') continue;
    const postmaster = groups.postmaster === undefined ? undefined : String(groups.postmaster);
    if (postmaster && pid !== postmaster && parentOf(pid) !== postmaster) continue;
    add(`${postgresRole(pid)}/${pid}`, ticksOf(`/proc/${pid}/stat`));
  }
  return ticks;
}

/** Starts counting; `stop(requests)` gives each group's CPU milliseconds per request. */
export function cpuUse(groups: CpuGroups): { stop(requests: number): Record<string, number> } {
  const before = snapshot(groups);
  return {
    stop(requests) {
      const after = snapshot(groups);
      const perRequest: Record<string, number> = {};
      for (const [key, value] of after) {
        const spent = (value - (before.get(key) ?? 0)) * TICK_MS;
        const name = key.replace(/\/\d+$/, '');
        if (spent > 0) perRequest[name] = (perRequest[name] ?? 0) + spent / Math.max(requests, 1);
      }
      return perRequest;
    },
  };
}

export function describeCpu(perRequest: Record<string, number>, unit = 'request'): string {
  const total = Object.values(perRequest).reduce((sum, v) => sum + v, 0);
  const parts = Object.entries(perRequest)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms.toFixed(3)}`);
  return `CPU ms per ${unit} ${total.toFixed(3)}: ${parts.join(', ')}`;
}
