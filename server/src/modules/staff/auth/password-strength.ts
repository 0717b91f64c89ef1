import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { ValidationFailure } from '../../../http/errors.ts';

/** zxcvbn's score a staff password needs (0-4; 3 is "safely unguessable", about 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;
export const PASSWORD_TOO_WEAK = 'This password is too easy to guess.';

zxcvbnOptions.setOptions({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});

export interface PasswordStrength {
  score: number;
  /** zxcvbn's warning and suggestions, in its English wording. */
  feedback: string[];
}

/** How guessable `password` is; `userInputs` (the account's e-mail and name) count as known words. */
export function passwordStrength(password: string, userInputs: string[]): PasswordStrength {
  const result = zxcvbn(
    password,
    userInputs.flatMap((input) => input.split(/[\s@._-]+/)),
  );
  const feedback = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (text): text is string => typeof text === 'string' && text.length > 0,
  );
  return { score: result.score, feedback };
}

/**
 * Refuses a password zxcvbn scores under 3, as a ValidationFailure on `property` whose message
 * carries zxcvbn's feedback, so the form can show why and what to do.
 */
export function checkPasswordStrength(
  property: string,
  password: string,
  userInputs: string[],
): void {
  const { score, feedback } = passwordStrength(password, userInputs);
  if (score >= MIN_PASSWORD_SCORE) return;
  const advice = feedback.length ? feedback : ['Add more words that are less common.'];
  throw ValidationFailure.of(property, 'strength', [PASSWORD_TOO_WEAK, ...advice].join(' '));
}
