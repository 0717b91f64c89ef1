// An uploaded file's name as the page and the staff show it. Any name a device gives a photo is
// accepted (a valid image is never refused for its name); what is kept and shown is this display
// name: the last path segment, without control or bidirectional-override characters, with the
// characters that are unsafe in a file name, a header or markup (`< > : " | ? * \ /`) as `_`.

const MAX_LENGTH = 255;
// C0/C1 controls, line and paragraph separators, bidirectional embeddings, overrides and isolates.
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;
const UNSAFE = /[<>:"|?*]/g;

export function displayFileName(name: string, fallback = 'image'): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? '';
  const shown = lastSegment.replace(INVISIBLE, '').replace(UNSAFE, '_').trim().slice(0, MAX_LENGTH);
  // Nothing left, or only dots (".", ".."), names nothing a person can recognise.
  return /^\.*$/.test(shown) ? fallback : shown;
}
