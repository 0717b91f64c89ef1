import bytes from 'bytes';

/**
 * A size setting such as `15mb`, `512kb` or `1048576` in bytes (the `bytes` package's units,
 * 1 kb = 1024); undefined when it is not a positive size. Digits with an optional unit only:
 * `bytes` alone reads the number in front of any text, so '15 megs' would be 15 bytes. The page
 * and the server read MAX_FILE_SIZE with this one rule.
 */
export function parseByteSize(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+(?:\.\d+)?\s*(?:b|kb|mb|gb|tb|pb)?$/i.test(trimmed)) return undefined;
  const parsed = bytes.parse(/^\d+$/.test(trimmed) ? Number(trimmed) : trimmed);
  return parsed !== null && Number.isFinite(parsed) && parsed >= 1 ? Math.floor(parsed) : undefined;
}
