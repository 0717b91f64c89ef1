import type { PersonalDetails } from '@prize/generated/client';
import type { FormApi } from 'final-form';
import { useCallback, useRef, useState } from 'react';
import type { PersonalDetailsValues } from '../form/claimForm';
import { type IdentityResult, toPersonalDetails } from '../form/submission';

export interface IdentityCheck {
  // The last check's answer; null until checked and after personal details are reopened.
  identity: IdentityResult | null;
  // Whether the last answer asked for ID documents (kept while personal details are edited).
  idDocsRequired: boolean;
  run: (values: PersonalDetailsValues) => Promise<IdentityResult>;
  // The last check's answer now, before the component renders again (saved with the section).
  current: () => IdentityResult | null;
  // Spec section 4: reopening personal details resets the overseas flag and the identity check.
  reopen: (form: FormApi<PersonalDetailsValues>) => void;
}

// The identity check of the personal details section, against the claim's or the info
// request's identity call; `restored` is the check a saved draft was completed with.
export function useIdentityCheck(
  check: (body: PersonalDetails) => Promise<IdentityResult>,
  restored: IdentityResult | null = null,
  // The call's body: the claim's (toPersonalDetails) or the amend form's.
  toBody: (values: PersonalDetailsValues) => PersonalDetails = toPersonalDetails,
): IdentityCheck {
  const [identity, setIdentity] = useState<IdentityResult | null>(restored);
  const [idDocsRequired, setIdDocsRequired] = useState(restored?.idDocsRequired ?? false);
  const latest = useRef(restored);

  const run = async (values: PersonalDetailsValues) => {
    const result = await check(toBody(values));
    latest.current = result;
    setIdentity(result);
    setIdDocsRequired(result.idDocsRequired);
    return result;
  };

  const reopen = useCallback((form: FormApi<PersonalDetailsValues>) => {
    form.change('isOverseas', false);
    latest.current = null;
    setIdentity(null);
  }, []);

  const current = useCallback(() => latest.current, []);

  return { identity, idDocsRequired, run, current, reopen };
}
