// Save and return (docs/adr/015-form-drafts.md): a completed section's answers go to the server
// as DraftValues and come back when the link is opened again within the inactivity minutes.
import type {
  DraftScalar,
  DraftValues,
  FormDraft,
  IdentityCheckResult,
} from '@prize/generated/client';

type Values = Record<string, unknown>;

const isScalar = (value: unknown): value is DraftScalar =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

const isRecord = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function scalarsOf(values: Values): Record<string, DraftScalar> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, DraftScalar] => isScalar(entry[1])),
  );
}

// A section's form values in the contract's shape: values and one level of named values (an
// address, an uploaded file). Nothing the form holds is deeper; anything else is left out.
export function toDraftValues(values: Values): DraftValues {
  const draft: DraftValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (isScalar(value)) draft[name] = value;
    else if (isRecord(value)) draft[name] = scalarsOf(value);
  }
  return draft;
}

export interface RestoredDraft<Id extends string> {
  // The saved sections the form shows, in its order: they reopen completed.
  completed: Id[];
  values: Partial<Record<Id, Values>>;
  identity: IdentityCheckResult | null;
}

// What a loaded draft gives the form: only sections the form has, each once.
export function restoreDraft<Id extends string>(
  draft: FormDraft | undefined,
  ids: readonly Id[],
): RestoredDraft<Id> {
  const restored: RestoredDraft<Id> = { completed: [], values: {}, identity: null };
  for (const saved of draft?.sections ?? []) {
    const id = ids.find((known) => known === saved.section);
    if (id === undefined || restored.completed.includes(id)) continue;
    restored.completed.push(id);
    restored.values[id] = saved.values;
    if (id === 'personalDetails' && saved.identityCheck) restored.identity = saved.identityCheck;
  }
  restored.completed.sort((a, b) => ids.indexOf(a) - ids.indexOf(b));
  return restored;
}

// Whether a section's answers differ from what was last saved (or from an empty section).
export function hasUnsavedAnswers(values: Values, saved: Values | undefined): boolean {
  return JSON.stringify(toDraftValues(values)) !== JSON.stringify(toDraftValues(saved ?? {}));
}
