// The claim form's section flow (spec sections 2 and 4): sections unlock one after another,
// completed ones collapse and can be reopened.

export type SectionId =
  'personalDetails' | 'idDocuments' | 'claimDetails' | 'aboutTicket' | 'ticketImages' | 'payment';

export const SECTION_TITLES: Record<SectionId, string> = {
  personalDetails: 'Personal details',
  idDocuments: 'Upload ID documents',
  claimDetails: 'Claim details',
  aboutTicket: 'About your ticket',
  ticketImages: 'Upload ticket or Scratchcard images',
  payment: 'Payment and submit',
};

// The ID documents section sits right after personal details when the identity check asks for it.
export function visibleSections(idDocsRequired: boolean): SectionId[] {
  return idDocsRequired
    ? ['personalDetails', 'idDocuments', 'claimDetails', 'aboutTicket', 'ticketImages', 'payment']
    : ['personalDetails', 'claimDetails', 'aboutTicket', 'ticketImages', 'payment'];
}

export interface FlowState {
  completed: readonly SectionId[];
  // Completed sections reopened for editing.
  reopened: readonly SectionId[];
}

export const INITIAL_FLOW: FlowState = { completed: [], reopened: [] };

export type SectionStatus = 'locked' | 'open' | 'collapsed';

export function sectionStatus(
  flow: FlowState,
  order: readonly SectionId[],
  id: SectionId,
): SectionStatus {
  const index = order.indexOf(id);
  if (index === -1) return 'locked';
  // Every earlier section must have been completed once (a reopened one still counts).
  if (order.slice(0, index).some((earlier) => !flow.completed.includes(earlier))) return 'locked';
  if (!flow.completed.includes(id) || flow.reopened.includes(id)) return 'open';
  return 'collapsed';
}

export type FlowAction =
  | { type: 'complete'; id: SectionId }
  | { type: 'reopen'; ids: readonly SectionId[] }
  | { type: 'reset' };

export function flowReducer(flow: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'complete':
      return {
        completed: flow.completed.includes(action.id)
          ? flow.completed
          : [...flow.completed, action.id],
        reopened: flow.reopened.filter((id) => id !== action.id),
      };
    case 'reopen': {
      const ids = action.ids.filter(
        (id) => flow.completed.includes(id) && !flow.reopened.includes(id),
      );
      return ids.length === 0 ? flow : { ...flow, reopened: [...flow.reopened, ...ids] };
    }
    case 'reset':
      return INITIAL_FLOW;
  }
}

// Next until the section has been completed once; then Save.
export function sectionButtonLabel(flow: FlowState, id: SectionId): 'Next' | 'Save' {
  return flow.completed.includes(id) ? 'Save' : 'Next';
}

export function nextSection(order: readonly SectionId[], id: SectionId): SectionId | undefined {
  return order[order.indexOf(id) + 1];
}
