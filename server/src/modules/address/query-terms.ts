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
  /** May match a word of a premise (building name, flat, number, postcode unit), not only a street's. */
  premise: boolean;
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

const OUTWARD = /^[a-z]{1,2}\d[a-z\d]?$/;
const INWARD_START = /^\d[a-z]{0,2}$/;

/**
 * The words of the search, the last one (unless a number) a prefix while still being typed. A postcode typed with
 * its space ('sw1a 2aa', or 'sw1a 2' as the last words) becomes one compact word: the index holds
 * postcodes compact, so an inward code never matches on its own.
 */
export function queryTokens(text: string): QueryToken[] {
  const raw = words(text);
  const stillTyping = !/\s$/.test(text);
  const tokens: QueryToken[] = [];
  for (let i = 0; i < raw.length; i++) {
    const last = i === raw.length - 1;
    const next = raw[i + 1];
    if (
      next !== undefined &&
      OUTWARD.test(raw[i]!) &&
      INWARD_START.test(next) &&
      (next.length === 3 || i + 1 === raw.length - 1)
    ) {
      tokens.push({
        text: raw[i]! + next,
        prefix: stillTyping && i + 1 === raw.length - 1,
        literal: true,
      });
      i++;
      continue;
    }
    // A number is a house or flat number: matched whole, as typed. As a prefix, '1' would visit
    // every number from 1 to 199 on the way, the costliest search there is for little gain.
    const number = /^\d+$/.test(raw[i]!);
    tokens.push({
      text: raw[i]!,
      prefix: stillTyping && last && !number,
      literal: /\d/.test(raw[i]!),
    });
  }
  return tokens.slice(0, MAX_TOKENS);
}

/** A word to look up in the index's vocabulary: exactly, or (while typing) as the start of one. */
export interface Lookup {
  term: string;
  prefix: boolean;
}

export interface VocabularyAnswer {
  /** The vocabulary holds the word (or, for a prefix, a word starting with it). */
  known: boolean;
  /** One of those words names part of a premise. */
  premise: boolean;
  /** The nearest words by trigram similarity, best first. */
  similar: Array<{ term: string; premise: boolean }>;
}

export function lookupKey(lookup: Lookup): string {
  return lookup.prefix ? `${lookup.term}*` : lookup.term;
}

/** What the vocabulary is asked: each word typed, and the expansions of its abbreviations. */
export function vocabularyLookups(tokens: QueryToken[]): Lookup[] {
  const lookups = new Map<string, Lookup>();
  for (const token of tokens) {
    if (token.literal) continue;
    const typed = { term: token.text, prefix: token.prefix };
    lookups.set(lookupKey(typed), typed);
    for (const term of ABBREVIATIONS[token.text] ?? []) lookups.set(term, { term, prefix: false });
  }
  return [...lookups.values()];
}

/**
 * Each token's alternatives: itself when the index knows it, its abbreviation's expansions, or
 * else its nearest words (typo tolerance). A word that matches nothing at all is dropped rather
 * than failing the whole search. Undefined when nothing searchable is left.
 */
export function buildMatchers(
  tokens: QueryToken[],
  answers: Map<string, VocabularyAnswer>,
): Matchers | undefined {
  const matchers: Matchers = [];
  for (const token of tokens) {
    const alternatives: Alternative[] = [];
    if (token.literal) {
      alternatives.push({
        term: token.text,
        prefix: token.prefix,
        corrected: false,
        premise: true,
      });
    } else {
      const answer = answers.get(lookupKey({ term: token.text, prefix: token.prefix }));
      if (answer?.known)
        alternatives.push({
          term: token.text,
          prefix: token.prefix,
          corrected: false,
          premise: answer.premise,
        });
      for (const term of ABBREVIATIONS[token.text] ?? []) {
        const expansion = answers.get(term);
        if (expansion?.known)
          alternatives.push({ term, prefix: false, corrected: false, premise: expansion.premise });
      }
      if (!answer?.known) {
        for (const similar of answer?.similar ?? [])
          alternatives.push({
            term: similar.term,
            prefix: false,
            corrected: true,
            premise: similar.premise,
          });
      }
    }
    if (alternatives.length > 0) matchers.push(alternatives);
  }
  return matchers.length > 0 ? matchers : undefined;
}

/**
 * False when every word can only match streets, localities and towns: then the street containers
 * already hold every matching address and searching addresses would find nothing new.
 */
export function canMatchPremise(matchers: Matchers): boolean {
  return matchers.some((alternatives) => alternatives.some((alternative) => alternative.premise));
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
 * rank first: with 'elm' still being typed, Elm Grove before Elmfield Road; typed words before corrections.
 * A token whose only alternatives are corrections keeps them, so the tiers still separate rows.
 */
export function strictTsquery(matchers: Matchers, exact: boolean): string {
  return matchers
    .map((alternatives) => {
      const typed = alternatives.filter((alternative) => !alternative.corrected);
      const chosen = (typed.length > 0 ? typed : alternatives).map((alternative) =>
        exact ? { ...alternative, prefix: false } : alternative,
      );
      return `(${chosen.map(lexeme).join(' | ')})`;
    })
    .join(' & ');
}

/** True when every token matches one of the given words (used to decide container grouping). */
export function matchesAll(matchers: Matchers, candidateWords: string[]): boolean {
  return matchers.every((alternatives) =>
    alternatives.some((alternative) =>
      candidateWords.some((word) =>
        alternative.prefix ? word.startsWith(alternative.term) : word === alternative.term,
      ),
    ),
  );
}
