import { describe, expect, it } from 'vitest';
import {
  flowReducer,
  INITIAL_FLOW,
  nextSection,
  sectionButtonLabel,
  sectionStatus,
  visibleSections,
  type FlowState,
} from './sections';

const order = visibleSections(false);

describe('section flow', () => {
  it('puts the ID documents section right after personal details when required', () => {
    expect(visibleSections(true).slice(0, 3)).toEqual([
      'personalDetails',
      'idDocuments',
      'claimDetails',
    ]);
    expect(order).toHaveLength(5);
  });

  it('starts with only the first section open', () => {
    expect(order.map((id) => sectionStatus(INITIAL_FLOW, order, id))).toEqual([
      'open',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);
  });

  it('When a section is completed, then it collapses and the next one unlocks', () => {
    const flow = flowReducer(INITIAL_FLOW, { type: 'complete', id: 'personalDetails' });
    expect(order.map((id) => sectionStatus(flow, order, id))).toEqual([
      'collapsed',
      'open',
      'locked',
      'locked',
      'locked',
    ]);
    expect(nextSection(order, 'personalDetails')).toBe('claimDetails');
  });

  it('When a completed section is reopened, then it is open with Save and the others keep their state', () => {
    let flow: FlowState = INITIAL_FLOW;
    for (const id of ['personalDetails', 'claimDetails'] as const)
      flow = flowReducer(flow, { type: 'complete', id });
    flow = flowReducer(flow, { type: 'reopen', ids: ['personalDetails', 'aboutTicket'] });
    expect(order.map((id) => sectionStatus(flow, order, id))).toEqual([
      'open',
      'collapsed',
      'open',
      'locked',
      'locked',
    ]);
    expect(sectionButtonLabel(flow, 'personalDetails')).toBe('Save');
    expect(sectionButtonLabel(flow, 'aboutTicket')).toBe('Next');
    flow = flowReducer(flow, { type: 'complete', id: 'personalDetails' });
    expect(sectionStatus(flow, order, 'personalDetails')).toBe('collapsed');
  });

  it('When ID documents become required later, then that section opens after personal details', () => {
    let flow: FlowState = INITIAL_FLOW;
    for (const id of ['personalDetails', 'claimDetails', 'aboutTicket'] as const)
      flow = flowReducer(flow, { type: 'complete', id });
    const withId = visibleSections(true);
    expect(withId.map((id) => sectionStatus(flow, withId, id))).toEqual([
      'collapsed',
      'open',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);
  });

  it('resets', () => {
    expect(flowReducer({ completed: ['payment'], reopened: [] }, { type: 'reset' })).toBe(
      INITIAL_FLOW,
    );
  });
});
