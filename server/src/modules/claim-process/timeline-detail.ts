import { timelineDetailText } from '@prize/domain';

/**
 * A staff audit row's detail as the timeline shows it, in words (@prize/domain's timeline): the
 * steps of a step change (and a rejection's reason), the kind of image viewed, the sections asked
 * for. Only what the recorder stores, which is never personal data; ids are never shown.
 */
export function timelineDetail(detail: Record<string, unknown> | undefined): string | undefined {
  return timelineDetailText(detail);
}
