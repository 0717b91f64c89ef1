import { RadioGroup, YES_NO } from '../../../components/RadioGroup/RadioGroup';
import { useSiteSettings } from '../../../config';
import type { ClaimDetailsValues } from '../../../form/claimForm';
import { claimDetailsSummary } from '../../../form/summary';
import { SectionForm, type SectionProps } from '../../../sections/SectionForm';
import { useFormValues } from '../../../sections/useFormValues';

export function ClaimDetailsSection(props: SectionProps<ClaimDetailsValues>) {
  const values = useFormValues(props.form);
  const { productName } = useSiteSettings();
  return (
    <SectionForm id="claimDetails" {...props} summary={claimDetailsSummary(values)}>
      <RadioGroup
        name="isTicketInPossession"
        legend="Do you have the ticket or Scratchcard in your possession?"
        options={YES_NO}
        inline
      />
      <RadioGroup
        name="isTicketDamaged"
        legend="Is the ticket or Scratchcard damaged?"
        hint="For example torn, wet, faded or written on."
        options={YES_NO}
        inline
      />
      <RadioGroup
        name="isLotteryRetailer"
        legend={`Do you, or anyone in your household, work for the operator of ${productName} or one of its suppliers?`}
        hint="This includes shops that sell tickets."
        options={YES_NO}
        inline
      />
    </SectionForm>
  );
}
