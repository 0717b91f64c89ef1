import { words } from './search-text.ts';

/** One word of the search text and what it may match in the index. */
export interface QueryToken {
  text: string;
  /** The last word while the user is still typing it: matched as a prefix. */
  prefix: boolean;
  /** Contains a digit (house number, postcode part): matched as typed, never corrected. */
  literal: boolean;
}

export interface Alternative {
  term: string;
  prefix: boolean;
  /** Came from typo correction rather than from what was typed. */
  corrected: boolean;
}

/** The search as a conjunction: every token must match one of its alternatives. */
export type Matchers = Alternative[][];

const MAX_TOKENS = 8;
/** Shorter words have too few trigrams for a correction to mean anything. */
export const MIN_CORRECTABLE_LENGTH = 4;

// Royal Mail's and everyday abbreviations of thoroughfare and building words.
const ABBREVIATIONS: Record<string, string[]> = {
  st: ['street'],
  rd: ['road'],
  ave: ['avenue'],
  av: ['avenue'],
  ln: ['lane'],
  cres: ['crescent'],
  dr: ['drive'],
  sq: ['square'],
  pl: ['place'],
  gdns: ['gardens'],
  ct: ['court'],
  tce: ['terrace'],
  terr: ['terrace'],
  pde: ['parade'],
  gr: ['grove'],
  gro: ['grove'],
  cl: ['close'],
  hse: ['house'],
  mt: ['mount'],
  apt: ['flat', 'apartments'],
};

export function queryTokens(text: string): QueryToken[] {
  const tokens = words(text).slice(0, MAX_TOKENS);
  const stillTyping = !/\s$/.test(text);
  return tokens.map((token, index) => ({
    text: token,
    prefix: stillTyping && index === tokens.length - 1,
    literal: /\d/.test(token),
  }));
}

/** Tokens whose existence (and, failing that, nearest words) are looked up in the vocabulary. */
export function needsVocabulary(token: QueryToken): boolean {
  return !token.literal;
}

export interface VocabularyAnswer {
  /** The token is a word of the index, or (while typing) the start of one. */
  known: boolean;
  /** The nearest words of the index by trigram similarity, best first. */
  similar: string[];
}

/**
 * Each token's alternatives: itself when the index knows it, its abbreviation's expansions, or
 * else its nearest words (typo tolerance). A word that matches nothing at all is dropped rather
 * than failing the whole search. Undefined when nothing searchable is left.
 */
export function buildMatchers(tokens: QueryToken[], vocabulary: Map<number, VocabularyAnswer>): Matchers | undefined {
  const matchers: Matchers = [];
  tokens.forEach((token, index) => {
    const alternatives: Alternative[] = [];
    const answer = vocabulary.get(index);
    if (token.literal || answer?.known) alternatives.push({ term: token.text, prefix: token.prefix, corrected: false });
    for (const expansion of ABBREVIATIONS[token.text] ?? []) alternatives.push({ term: expansion, prefix: false, corrected: false });
    if (!token.literal && !answer?.known) {
      for (const term of answer?.similar ?? []) alternatives.push({ term, prefix: false, corrected: true });
    }
    if (alternatives.length > 0) matchers.push(alternatives);
  });
  return matchers.length > 0 ? matchers : undefined;
}

function lexeme(alternative: Alternative): string {
  // Terms are [a-z0-9]+ (see search-text.ts), so quoting cannot be broken out of.
  return `'${alternative.term}'${alternative.prefix ? ':*' : ''}`;
}

/** The full query: every token, each by any of its alternatives. */
export function tsquery(matchers: Matchers): string {
  return matchers.map((alternatives) => `(${alternatives.map(lexeme).join(' | ')})`).join(' & ');
}

/**
 * The same query with no typo corrections and, when `exact`, no prefixes either: rows matching it
 * rank first ('1' before '10' when the user typed '1'; 'Street' before 'Stretton' for 'stre').
 * A token whose only alternatives are corrections keeps them, so the tiers still separate rows.
 */
export function strictTsquery(matchers: Matchers, exact: boolean): string {
  return matchers
    .map((alternatives) => {
      const typed = alternatives.filter((alternative) => !alternative.corrected);
      const chosen = (typed.length > 0 ? typed : alternatives).map((alternative) => (exact ? { ...alternative, prefix: false } : alternative));
      return `(${chosen.map(lexeme).join(' | ')})`;
    })
    .join(' & ');
}

/** True when every token matches one of the given words (used to decide container grouping). */
export function matchesAll(matchers: Matchers, candidateWords: string[]): boolean {
  return matchers.every((alternatives) =>
    alternatives.some((alternative) =>
      candidateWords.some((word) => (alternative.prefix ? word.startsWith(alternative.term) : word === alternative.term)),
    ),
  );
}
