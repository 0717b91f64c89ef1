import {
  type DraftSection,
  DraftSectionId,
  type IdentityCheckResult,
} from '@prize/generated/client';
import { useRef } from 'react';
import { useLeaveWarning } from '../hooks/useLeaveWarning';
import { hasUnsavedAnswers, type RestoredDraft, toDraftValues } from '../form/draft';
import { sectionStatus, type SectionId } from '../form/sections';
import type { AnyValues, SectionFlow } from './useSectionFlow';

const DRAFT_SECTIONS: readonly string[] = Object.values(DraftSectionId);

const isDraftSection = (id: SectionId): id is DraftSectionId => DRAFT_SECTIONS.includes(id);

export interface FormDraftSaver<Id extends SectionId> {
  // Saves a completed section; personal details with the identity check they passed.
  save: (id: Id, values: AnyValues, identityCheck: IdentityCheckResult | null) => void;
  // What the leave warning looks at: it warns while an open section differs from what the
  // server has, a save is on its way, or a save failed.
  watch: (flow: SectionFlow<Id>, order: readonly Id[]) => void;
}

// Save and return (docs/adr/015-form-drafts.md), shared by the claim form and the amend form:
// each completed section is sent as it completes; a failed save only keeps the leave warning on.
export function useFormDraft<Id extends SectionId>(
  restored: RestoredDraft<Id>,
  send: (id: Id & DraftSectionId, body: DraftSection) => Promise<unknown>,
): FormDraftSaver<Id> {
  const saved = useRef<Partial<Record<Id, AnyValues>>>({ ...restored.values });
  const failed = useRef(new Set<Id>());
  const pending = useRef(0);
  const watched = useRef<{ flow: SectionFlow<Id>; order: readonly Id[] } | null>(null);

  useLeaveWarning(() => {
    if (failed.current.size > 0 || pending.current > 0) return true;
    const current = watched.current;
    if (current === null) return false;
    return current.order.some(
      (id) =>
        sectionStatus(current.flow.flow, current.order, id) === 'open' &&
        hasUnsavedAnswers(current.flow.forms[id].getState().values as AnyValues, saved.current[id]),
    );
  });

  return {
    save: (id, values, identityCheck) => {
      if (!isDraftSection(id)) return;
      const body: DraftSection = {
        values: toDraftValues(values),
        ...(identityCheck ? { identityCheck } : {}),
      };
      pending.current += 1;
      send(id, body)
        .then(
          () => {
            saved.current[id] = values;
            failed.current.delete(id);
          },
          () => failed.current.add(id),
        )
        .finally(() => {
          pending.current -= 1;
        });
    },
    watch: (flow, order) => {
      watched.current = { flow, order };
    },
  };
}
