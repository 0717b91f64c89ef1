import { CheckboxField } from '../../../components/CheckboxField/CheckboxField';
import type { PaymentValues } from '../../../form/claimForm';
import { paymentSummary } from '../../../form/summary';
import { SectionForm, type SectionProps } from '../../../sections/SectionForm';
import { useFormValues } from '../../../sections/useFormValues';

export function PaymentSection(props: SectionProps<PaymentValues>) {
  const values = useFormValues(props.form);
  return (
    <SectionForm id="payment" {...props} summary={paymentSummary(values)}>
      <p>
        We pay prizes by bank transfer. Once your claim has been checked we will email you a link to
        our payment provider's secure web form, where you give your bank details.
      </p>
      <CheckboxField
        name="isChequePreferred"
        label="I would prefer to be paid by cheque"
        hint="Paying by cheque may delay your payment."
      />
      <div className="declaration">
        <h3 className="heading-s">Declaration</h3>
        <p>
          By submitting this claim you declare that you are 18 or over and legally entitled to the
          prize.
        </p>
      </div>
    </SectionForm>
  );
}
