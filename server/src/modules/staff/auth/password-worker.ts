import argon2 from 'argon2';

/**
 * The password hashing process (password-process.ts starts it): argon2 runs here, on this
 * process's own threads at a lower CPU priority, so a burst of sign-ins neither takes the server's
 * libuv threads (file access, DNS) nor the CPU time claimants' requests need.
 */
export type PasswordJob =
  | { id: number; op: 'hash'; password: string; options: argon2.HashOptions }
  | { id: number; op: 'verify'; hash: string; password: string };

export type PasswordAnswer =
  { id: number; value: string | boolean } | { id: number; error: string };

async function run(job: PasswordJob): Promise<string | boolean> {
  if (job.op === 'hash') return argon2.hash(job.password, { ...job.options, raw: false });
  return argon2.verify(job.hash, job.password);
}

process.on('message', (job: PasswordJob) => {
  run(job).then(
    (value) => process.send?.({ id: job.id, value } satisfies PasswordAnswer),
    (error: unknown) =>
      process.send?.({ id: job.id, error: (error as Error).name } satisfies PasswordAnswer),
  );
});
// The server went away: nothing left to hash for.
process.on('disconnect', () => process.exit(0));
