import { PersonalDetailsRules } from '@prize/generated/rules';
import { useForm, useFormState } from 'react-final-form';
import { AddressLookup } from '../components/AddressLookup/AddressLookup';
import { Button } from '../components/Button/Button';
import { DateOfBirthInput } from '../components/DateOfBirthInput/DateOfBirthInput';
import { RadioGroup, YES_NO } from '../components/RadioGroup/RadioGroup';
import { SelectField } from '../components/SelectField/SelectField';
import { TextField } from '../components/TextField/TextField';
import type { PersonalDetailsValues } from '../form/claimForm';
import { personalDetailsSummary } from '../form/summary';
import { SectionForm, type SectionProps } from './SectionForm';
import { useFormValues } from './useFormValues';

// The inputs stop at the contract's limits (generated/rules from openapi/PersonalDetails).
const person = PersonalDetailsRules;

const TITLES = ['Mr', 'Mrs', 'Miss', 'Ms', 'Dr'].map((title) => ({ value: title, label: title }));
const MANUAL_FIELDS = ['addressLine1', 'addressLine2', 'town', 'county', 'postCode'] as const;

export interface PersonalDetailsSectionProps extends SectionProps<PersonalDetailsValues> {
  onActivity: () => void;
  /** On the claim page: address lookups are limited per claim as well as per client. */
  claimToken?: string;
}

function AddressFields({
  onActivity,
  onOverseas,
  claimToken,
}: {
  onActivity: () => void;
  onOverseas: () => void;
  claimToken?: string;
}) {
  const form = useForm<PersonalDetailsValues>();
  const { values } = useFormState<PersonalDetailsValues>({ subscription: { values: true } });

  // Spec section 4: switching between typing the address and the lookup clears the other's values.
  const switchAddressEntry = (manual: boolean) => {
    form.batch(() => {
      if (manual) {
        form.change('addressLookup', null);
        form.resetFieldState('addressLookup');
      } else {
        for (const field of MANUAL_FIELDS) form.change(field, undefined);
      }
      form.change('isManualAddress', manual);
    });
    window.setTimeout(
      () => document.getElementById(manual ? 'field-addressLine1' : 'field-addressLookup')?.focus(),
      0,
    );
  };

  return (
    <div className="address-block" role="group" aria-labelledby="address-heading">
      <h3 className="heading-s" id="address-heading">
        Your address
      </h3>
      <p className="hint" id="address-hint">
        UK or Isle of Man residents only. We cannot accept PO Box, Care of, British Forces or prison
        addresses.
      </p>
      {values.isManualAddress ? (
        <>
          <TextField
            name="addressLine1"
            label="Address line 1"
            autoComplete="address-line1"
            maxLength={person.addressLine1.maxLength}
          />
          <TextField
            name="addressLine2"
            label="Address line 2 (optional)"
            autoComplete="address-line2"
            maxLength={person.addressLine2.maxLength}
          />
          <TextField
            name="town"
            label="Town or city"
            autoComplete="address-level2"
            width="medium"
            maxLength={person.town.maxLength}
          />
          <TextField
            name="county"
            label="County (optional)"
            width="medium"
            maxLength={person.county.maxLength}
          />
          <TextField
            name="postCode"
            label="Postcode"
            autoComplete="postal-code"
            width="short"
            maxLength={person.postCode.maxLength}
          />
          <p>
            <button type="button" className="link-button" onClick={() => switchAddressEntry(false)}>
              Search for your address instead
            </button>
          </p>
        </>
      ) : (
        <>
          <AddressLookup
            name="addressLookup"
            label="Find your address"
            hint="Start typing your postcode or the first line of your address, then choose it from the list."
            onActivity={onActivity}
            claimToken={claimToken}
          />
          {!values.addressLookup && (
            <p>
              <button
                type="button"
                className="link-button"
                onClick={() => switchAddressEntry(true)}
              >
                Enter your address manually
              </button>
            </p>
          )}
        </>
      )}
      <div className="overseas">
        <p className="hint">Live outside the UK and the Isle of Man? You can skip the address.</p>
        <Button variant="secondary" onClick={onOverseas}>
          Live overseas, skip
        </Button>
      </div>
    </div>
  );
}

export function PersonalDetailsSection({
  onActivity,
  claimToken,
  ...props
}: PersonalDetailsSectionProps) {
  const values = useFormValues(props.form);

  // 'Live overseas, skip' clears the address and submits without it.
  const skipAddress = async () => {
    const { form } = props;
    form.batch(() => {
      form.change('isOverseas', true);
      form.change('addressLookup', null);
      for (const field of MANUAL_FIELDS) form.change(field, undefined);
    });
    await props.onSubmit();
    if (!form.getState().submitSucceeded) form.change('isOverseas', false);
  };

  return (
    <SectionForm id="personalDetails" {...props} summary={personalDetailsSummary(values)}>
      <RadioGroup
        name="isOwner"
        legend="Are you the owner of the ticket or Scratchcard?"
        hint="If you are not the owner, enter the owner's details in this section."
        options={YES_NO}
        inline
      />
      <p className="hint">Enter names as they appear on a passport or driving licence.</p>
      <SelectField
        name="title"
        label="Title"
        options={TITLES}
        width="short"
        autoComplete="honorific-prefix"
      />
      <TextField
        name="firstName"
        label="First name"
        autoComplete="given-name"
        width="medium"
        maxLength={person.firstName.maxLength}
        spellCheck={false}
      />
      <TextField
        name="lastName"
        label="Last name"
        autoComplete="family-name"
        width="medium"
        maxLength={person.lastName.maxLength}
        spellCheck={false}
      />
      <DateOfBirthInput
        name="dateOfBirth"
        legend="Date of birth"
        hint="You must be 18 or over to claim."
      />
      <TextField
        name="phoneNumber"
        label="Phone number"
        hint="10 to 15 digits, for example 07700 900123."
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        width="medium"
        maxLength={20}
      />
      <AddressFields
        onActivity={onActivity}
        onOverseas={() => void skipAddress()}
        claimToken={claimToken}
      />
    </SectionForm>
  );
}
