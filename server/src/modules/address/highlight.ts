import type { Matchers } from './query-terms.ts';
import { wordSpans } from './search-text.ts';

type Range = [number, number];

/**
 * The characters of `text` that the search matched, as Loqate writes them: `start-end` (end
 * exclusive), comma-separated. A whole word for an exact or corrected match, only the typed part
 * for a prefix. A postcode typed without its space ('sw1a2aa') marks both halves.
 */
export function matchedRanges(text: string, matchers: Matchers): Range[] {
  const spans = wordSpans(text);
  const alternatives = matchers.flat();
  const ranges: Range[] = [];
  spans.forEach((span, index) => {
    let best = 0;
    for (const alternative of alternatives) {
      if (
        alternative.prefix ? span.word.startsWith(alternative.term) : span.word === alternative.term
      ) {
        best = Math.max(best, alternative.prefix ? alternative.term.length : span.word.length);
      }
    }
    if (best > 0) ranges.push([span.start, span.start + best]);
    const next = spans[index + 1];
    if (!next) return;
    const joined = span.word + next.word;
    for (const alternative of alternatives) {
      const hit = alternative.prefix
        ? joined.startsWith(alternative.term)
        : joined === alternative.term;
      if (hit && alternative.term.length > span.word.length) {
        ranges.push(
          [span.start, span.end],
          [
            next.start,
            next.start + Math.min(next.word.length, alternative.term.length - span.word.length),
          ],
        );
      }
    }
  });
  return mergeRanges(ranges);
}

function mergeRanges(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Range[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

export function formatRanges(ranges: Range[]): string {
  return ranges.map(([start, end]) => `${start}-${end}`).join(',');
}

/** `text ranges;description ranges`, or '' when nothing is marked. */
export function highlight(textRanges: Range[], descriptionRanges: Range[]): string {
  if (textRanges.length === 0 && descriptionRanges.length === 0) return '';
  return `${formatRanges(textRanges)};${formatRanges(descriptionRanges)}`;
}

export function highlightMatches(text: string, description: string, matchers: Matchers): string {
  return highlight(matchedRanges(text, matchers), matchedRanges(description, matchers));
}
