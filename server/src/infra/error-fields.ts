/** What a log line says of an error: its kind and code, never its message (which can quote data). */
export function errorFields(error: unknown): { type?: string; code?: string } {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  return { type: name, code };
}
