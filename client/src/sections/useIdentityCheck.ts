import type { PersonalDetails } from '@prize/generated/client';
import type { FormApi } from 'final-form';
import { useCallback, useState } from 'react';
import type { PersonalDetailsValues } from '../rules/claimForm';
import { type IdentityResult, toPersonalDetails } from '../rules/submission';

export interface IdentityCheck {
  // The last check's answer; null until checked and after personal details are reopened.
  identity: IdentityResult | null;
  // Whether the last answer asked for ID documents (kept while personal details are edited).
  idDocsRequired: boolean;
  run: (values: PersonalDetailsValues) => Promise<IdentityResult>;
  // Spec section 4: reopening personal details resets the overseas flag and the identity check.
  reopen: (form: FormApi<PersonalDetailsValues>) => void;
}

// The identity check of the personal details section, against the claim's or the info
// request's identity call.
export function useIdentityCheck(check: (body: PersonalDetails) => Promise<IdentityResult>): IdentityCheck {
  const [identity, setIdentity] = useState<IdentityResult | null>(null);
  const [idDocsRequired, setIdDocsRequired] = useState(false);

  const run = async (values: PersonalDetailsValues) => {
    const result = await check(toPersonalDetails(values));
    setIdentity(result);
    setIdDocsRequired(result.idDocsRequired);
    return result;
  };

  const reopen = useCallback((form: FormApi<PersonalDetailsValues>) => {
    form.change('isOverseas', false);
    setIdentity(null);
  }, []);

  return { identity, idDocsRequired, run, reopen };
}
