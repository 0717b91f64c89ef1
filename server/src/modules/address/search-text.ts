/**
 * One normalisation for the index and for queries: diacritics dropped, lower case, and every run of
 * letters and digits a word ('St James's' gives 'st', 'james', 's'). Done character by character so
 * word positions in the original text stay exact for the Highlight ranges.
 */
const DIACRITICS = /[\u0300-\u036f]/g;

export function foldCharacter(character: string): string {
  const code = character.charCodeAt(0);
  // ASCII fast path: the index folds millions of characters when it is seeded.
  if (code < 128) {
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) return character;
    return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : '';
  }
  const folded = character.normalize('NFD').replace(DIACRITICS, '').toLowerCase();
  return /^[a-z0-9]$/.test(folded) ? folded : '';
}

export interface WordSpan {
  word: string;
  start: number;
  end: number;
}

export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  let current: WordSpan | undefined;
  for (let i = 0; i < text.length; i++) {
    const folded = foldCharacter(text[i]!);
    if (folded) {
      current ??= { word: '', start: i, end: i };
      current.word += folded;
      current.end = i + 1;
    } else if (current) {
      spans.push(current);
      current = undefined;
    }
  }
  if (current) spans.push(current);
  return spans;
}

export function words(text: string): string[] {
  return wordSpans(text).map((span) => span.word);
}
