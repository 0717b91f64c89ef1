// An uploaded file's name as the page and the staff show it. Any name a device gives a photo is
// accepted (a valid image is never refused for its name); what is kept and shown is this display
// name: the last path segment, without control or bidirectional-override characters, with the
// characters that are unsafe in a file name, a header or markup (`< > : " | ? * \ /`) as `_`.

const MAX_LENGTH = 255;
// C0/C1 controls, line and paragraph separators, bidirectional embeddings, overrides and isolates.
const isInvisible = (code: number): boolean =>
  code <= 0x1f ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0x2028 ||
  code === 0x2029 ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);
const UNSAFE = /[<>:"|?*]/g;

export function displayFileName(name: string, fallback = 'image'): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? '';
  const shown = [...lastSegment]
    .filter((character) => !isInvisible(character.codePointAt(0)!))
    .join('')
    .replace(UNSAFE, '_')
    .trim()
    .slice(0, MAX_LENGTH);
  // Nothing left, or only dots (".", ".."), names nothing a person can recognise.
  return /^\.*$/.test(shown) ? fallback : shown;
}
