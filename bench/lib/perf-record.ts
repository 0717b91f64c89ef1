import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * `BENCH_PERF=1`: a system-wide `perf record` around one measured load run, so the CPU of every
 * process (the server's threads, PostgreSQL's backends, the kernel's loopback path) is sampled by
 * CPU time, not wall time as V8's profiler does (which charges a thread preempted inside a
 * syscall to that syscall). Node processes started with --perf-basic-prof name their JS frames.
 * Read one with `perf report -i bench/profiles/perf-<call>.data --sort comm,dso,sym`.
 */
export async function perfRecord(outputFile: string): Promise<{ stop(): Promise<void> }> {
  const child = spawn('perf', ['record', '-a', '-g', '-F', '499', '-o', outputFile], {
    stdio: 'ignore',
  });
  const failed = once(child, 'error').then(([error]) => error as Error);
  // perf needs a moment to open its per-CPU buffers before the run starts.
  const settled = await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 500))]);
  if (settled instanceof Error)
    throw new Error(`BENCH_PERF=1 needs perf on PATH: ${settled.message}`);
  return {
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      await exited;
    },
  };
}
