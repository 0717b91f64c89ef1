import { STEP_LABELS } from '@prize/domain';
import type { ClaimStep } from './claim-steps.ts';

const isStep = (value: unknown): value is ClaimStep =>
  typeof value === 'string' && Object.hasOwn(STEP_LABELS, value);

/**
 * A staff audit row's detail as the timeline shows it: the steps of a step change (and a
 * rejection's reason), the file viewed, the sections asked for. Only what the recorder stores,
 * which is never personal data.
 */
export function timelineDetail(detail: Record<string, unknown> | undefined): string | undefined {
  if (!detail) return undefined;
  if (isStep(detail.from) && isStep(detail.to)) {
    const steps = `${STEP_LABELS[detail.from]} → ${STEP_LABELS[detail.to]}`;
    return typeof detail.reason === 'string' ? `${steps}: ${detail.reason}` : steps;
  }
  if (typeof detail.fileUuid === 'string') return `File ${detail.fileUuid}`;
  // An erasure's recorded reason (the staff member's words, never the claimant's data).
  if (typeof detail.reason === 'string') return detail.reason;
  if (Array.isArray(detail.sectionTypeList))
    return `Asked for ${detail.sectionTypeList.join(', ')}`;
  return undefined;
}
