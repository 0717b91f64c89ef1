import type { FormApi, SubmissionErrors } from 'final-form';
import type {
  AboutTicketValues,
  ClaimDetailsValues,
  IdDocumentsValues,
  PaymentValues,
  PersonalDetailsValues,
  TicketImagesValues,
} from '../form/claimForm';
import type { SectionId } from '../form/sections';

export interface SectionValues {
  personalDetails: PersonalDetailsValues;
  idDocuments: IdDocumentsValues;
  claimDetails: ClaimDetailsValues;
  aboutTicket: AboutTicketValues;
  ticketImages: TicketImagesValues;
  payment: PaymentValues;
}

export type SectionForms<Id extends SectionId> = { [K in Id]: FormApi<SectionValues[K]> };

export type AnyValues = Record<string, unknown>;

/** One function per section, typed by that section's values: a form's registry of its sections' rules or submits. */
export type PerSection<Id extends SectionId, Result> = {
  [K in Id]: (values: SectionValues[K]) => Result;
};
export type SectionSubmitResult = SubmissionErrors | Promise<SubmissionErrors> | undefined;
export type SectionSubmit = (values: AnyValues) => SectionSubmitResult;

export function formFor<Id extends SectionId>(forms: SectionForms<Id>, id: Id): FormApi<AnyValues> {
  return forms[id] as unknown as FormApi<AnyValues>;
}

// The registry's entry for a section: its form holds that section's values (formFor).
export function entryFor<Id extends SectionId, Result>(
  registry: Partial<PerSection<Id, Result>>,
  id: Id,
): ((values: AnyValues) => Result) | undefined {
  return registry[id] as ((values: AnyValues) => Result) | undefined;
}
