/** `count` random decimal digits. */
export function randomDigits(count: number): string {
  return Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
}

/**
 * A random draw-game serial in the 4-9-6 format, so claims never collide on the used-serial
 * rule. It starts with 1: a serial starting with 53 has the other, longer format (one in a
 * hundred random ones did, and a scenario then failed on an invalid serial).
 */
export function randomSerial(): string {
  const digits = `1${randomDigits(18)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 13)}-${digits.slice(13)}`;
}
