import { ValidationFailure } from '../../../http/errors.ts';

/** zxcvbn's score a staff password needs (0-4; 3 is "safely unguessable", about 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;
export const PASSWORD_TOO_WEAK = 'This password is too easy to guess.';

type Zxcvbn = (typeof import('@zxcvbn-ts/core'))['zxcvbn'];
let loading: Promise<Zxcvbn> | undefined;

/**
 * zxcvbn and its dictionaries, loaded on the first check. They hold about 29 MB of heap, a third
 * of the server's: every full collection marks them, and uploads alone set off several a second
 * (their socket buffers count as external memory). Staff set a password rarely.
 */
function loadZxcvbn(): Promise<Zxcvbn> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, english]) => {
      core.zxcvbnOptions.setOptions({
        translations: english.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...english.dictionary },
      });
      return core.zxcvbn;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export interface PasswordStrength {
  score: number;
  /** zxcvbn's warning and suggestions, in its English wording. */
  feedback: string[];
}

/** How guessable `password` is; `userInputs` (the account's e-mail and name) count as known words. */
export async function passwordStrength(
  password: string,
  userInputs: string[],
): Promise<PasswordStrength> {
  const zxcvbn = await loadZxcvbn();
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
export async function checkPasswordStrength(
  property: string,
  password: string,
  userInputs: string[],
): Promise<void> {
  const { score, feedback } = await passwordStrength(password, userInputs);
  if (score >= MIN_PASSWORD_SCORE) return;
  const advice = feedback.length ? feedback : ['Add more words that are less common.'];
  throw ValidationFailure.of(property, 'strength', [PASSWORD_TOO_WEAK, ...advice].join(' '));
}
