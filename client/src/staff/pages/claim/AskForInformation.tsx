import { askableSections } from '@prize/domain';
import {
  type SectionType,
  type StaffClaim,
  useCreateStaffInfoRequest,
} from '@prize/generated/client';
import { CheckboxGroupField } from '../../components/CheckboxGroupField';
import { StaffForm } from '../../components/StaffForm';
import { submissionErrors } from '../../domain/errors';
import { SECTION_LABELS } from '../../domain/labels';
import { STAFF_FIELD_MESSAGES } from '../../domain/validation';
import { useStaffSession } from '../../session';

type Values = { sectionTypeList?: SectionType[] };

/** Only what this claim can have: its own kind of ticket images, never another's. */
const optionsFor = (claim: StaffClaim) =>
  askableSections(claim.ticketDetails).map((value) => ({ value, label: SECTION_LABELS[value] }));

export interface AskForInformationProps {
  claim: StaffClaim;
  onSent: (notice: string) => void;
}

// Claims advisors and Customer Care ask the claimant to amend or add information; the claimant
// gets an e-mail with a link to the amend form.
export function AskForInformation({ claim, onSent }: AskForInformationProps) {
  const { csrf } = useStaffSession();
  const create = useCreateStaffInfoRequest({ request: csrf });
  return (
    <section aria-labelledby="ask-title">
      <h2 id="ask-title">Ask the claimant for information</h2>
      <StaffForm<Values>
        label="Ask the claimant for information"
        submitLabel="Send the request"
        submitVariant="secondary"
        validate={(values) => ({
          sectionTypeList: values.sectionTypeList?.length
            ? undefined
            : STAFF_FIELD_MESSAGES.sections,
        })}
        onSubmit={async (values, form) => {
          try {
            await create.mutateAsync({
              claimHashid: claim.claimHashid,
              data: { sectionTypeList: values.sectionTypeList ?? [] },
            });
            form.restart();
            const asked = (values.sectionTypeList ?? []).map((section) => SECTION_LABELS[section]);
            onSent(
              `Information requested (${asked.join(', ')}). The claimant is e-mailed a link to send it.`,
            );
            return undefined;
          } catch (failure) {
            return submissionErrors(failure);
          }
        }}
      >
        <CheckboxGroupField
          name="sectionTypeList"
          legend="What should the claimant send?"
          options={optionsFor(claim)}
        />
      </StaffForm>
    </section>
  );
}
