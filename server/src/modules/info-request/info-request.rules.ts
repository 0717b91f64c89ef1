import type { ValidationItem } from '../../http/errors.ts';
import { IMAGE_SECTIONS, infoRequestFileKinds, ticketImageMessage } from '@prize/domain';
import { InfoRequestSubmissionRules } from '@prize/generated/rules';
import type { components } from '@prize/generated/server';

export type SectionType = components['schemas']['SectionType'];
export type InfoRequestSubmission = components['schemas']['InfoRequestSubmission'];

/** An operator's list: the contract checks values and uniqueness; one image kind at most. */
export function sectionListProblems(sections: SectionType[]): ValidationItem[] {
  const images = sections.filter((section) =>
    (IMAGE_SECTIONS as readonly string[]).includes(section),
  );
  return images.length > 1
    ? [
        {
          property: 'sectionTypeList',
          constraints: { imageKinds: 'sectionTypeList may ask for one kind of ticket images only' },
          children: [],
        },
      ]
    : [];
}

const item = (property: string, rule: string, message: string): ValidationItem => ({
  property,
  constraints: { [rule]: message },
  children: [],
});

export interface AnswerFacts {
  requested: SectionType[];
  /** idDocsRequired of the identity check this answer names, from our records; undefined when none. */
  idDocsRequired: boolean | undefined;
}

/** The files an answer must carry: [property, upload type] (the shared domain's rule). */
export function requiredFiles(facts: AnswerFacts): Array<[keyof InfoRequestSubmission, string]> {
  return infoRequestFileKinds(facts.requested, facts.idDocsRequired);
}

/** The fields an answer may carry: those of the requested sections (docs/adr/016). */
export function answerFields(facts: AnswerFacts): Set<keyof InfoRequestSubmission> {
  const fields = new Set<keyof InfoRequestSubmission>(['sectionTypeList']);
  if (facts.requested.includes('PERSONAL_DETAILS'))
    fields.add('identityCheckUuid').add('idDocsRequired');
  for (const [property] of requiredFiles(facts)) fields.add(property);
  return fields;
}

/** The answer without anything the request did not ask for: what is stored and laid over the claim. */
export function requestedPart(
  answer: Record<string, unknown>,
  facts: AnswerFacts,
): Record<string, unknown> {
  const fields = answerFields(facts) as Set<string>;
  return Object.fromEntries(Object.entries(answer).filter(([property]) => fields.has(property)));
}

/** The rules of the InfoRequestSubmission description in the contract. */
export function answerProblems(
  answer: InfoRequestSubmission,
  facts: AnswerFacts,
): ValidationItem[] {
  const problems: ValidationItem[] = [];
  const fields = answerFields(facts) as Set<string>;
  for (const property of Object.keys(answer)) {
    if (!fields.has(property))
      problems.push(
        item(
          property,
          'notRequested',
          `${property} is not part of the sections this request asks for`,
        ),
      );
  }
  const allowed = new Set<SectionType>([
    ...facts.requested,
    ...(facts.idDocsRequired ? (['ID_DOCUMENTS'] as const) : []),
  ]);
  const sent = new Set(answer.sectionTypeList);
  if (
    facts.requested.some((section) => !sent.has(section)) ||
    answer.sectionTypeList.some((section) => !allowed.has(section))
  ) {
    problems.push(
      item(
        'sectionTypeList',
        'sectionTypeList',
        'sectionTypeList must list the requested sections',
      ),
    );
  }
  if (facts.requested.includes('PERSONAL_DETAILS') && !answer.identityCheckUuid) {
    problems.push(item('identityCheckUuid', 'required', 'Please complete your personal details'));
  }
  const kind = facts.requested.includes('SC_IMAGES') ? 'SC' : 'DBG';
  const message: Record<string, string> = {
    idDocument1FileUuid: InfoRequestSubmissionRules.idDocument1FileUuid.message,
    idDocument2FileUuid: InfoRequestSubmissionRules.idDocument2FileUuid.message,
    ticketFrontFileUuid: ticketImageMessage('ticketFrontFileUuid', kind),
    ticketBackFileUuid: ticketImageMessage('ticketBackFileUuid', kind),
  };
  for (const [property] of requiredFiles(facts)) {
    if (!answer[property]) problems.push(item(property, 'required', message[property]!));
  }
  return problems;
}
