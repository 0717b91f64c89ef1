import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { checkSerialOnce } from '../../../api/serialCheck';
import { useFormState } from 'react-final-form';
import { Button } from '../../../components/Button/Button';
import { HelpModal, type HelpSlide } from '../../../components/HelpModal/HelpModal';
import {
  PinkTicketIllustration,
  ScratchcardIllustration,
  WhiteTicketIllustration,
} from '../../../components/Illustrations/TicketIllustrations';
import { PhoneLink } from '../../../components/PhoneLink/PhoneLink';
import { PriceInput } from '../../../components/PriceInput/PriceInput';
import { RadioGroup, type RadioOption } from '../../../components/RadioGroup/RadioGroup';
import { SelectField } from '../../../components/SelectField/SelectField';
import { TextField } from '../../../components/TextField/TextField';
import { TicketNumberInput } from '../../../components/TicketNumberInput/TicketNumberInput';
import type { AboutTicketValues, TicketTypeAnswer } from '../../../form/claimForm';
import { FIELD_MESSAGES } from '../../../domain/messages';
import { aboutTicketSummary, GAME_NAMES } from '../../../form/summary';
import {
  DBG_SERIAL_53_GROUPS,
  dbgSerialGroups,
  digitsOnly,
  isDbgTicketNumberFormat,
  SC_BARCODE_GROUPS,
} from '../../../domain/ticketNumber';
import { SectionForm, type SectionProps } from '../../../sections/SectionForm';
import { useFormValues } from '../../../sections/useFormValues';

const PRODUCTS: readonly RadioOption<'DBG' | 'SC'>[] = [
  {
    value: 'DBG',
    label: 'Draw based game ticket',
    hint: 'For example Lotto, EuroMillions, Set For Life or Thunderball.',
  },
  { value: 'SC', label: 'Scratchcard' },
];

const TICKET_TYPES: readonly RadioOption<TicketTypeAnswer>[] = [
  { value: 'PINK', label: 'Pink', hint: 'Printed on pink paper at the till.' },
  {
    value: 'WHITE',
    label: 'White',
    hint: 'Printed on plain white paper, for example from a self-service terminal.',
  },
  { value: 'UNSURE', label: 'Not sure' },
];

const GAMES = Object.entries(GAME_NAMES).map(([value, label]) => ({ value, label }));

export const DRAW_TICKET_SLIDES: readonly HelpSlide[] = [
  {
    title: 'Serial number on a pink ticket',
    caption: 'At the bottom of the ticket: 19 digits in groups of 4, 9 and 6.',
    picture: <PinkTicketIllustration highlight="serial" />,
  },
  {
    title: 'Term number on a pink ticket',
    caption: 'Above the serial number, after the word TERM: 8 digits.',
    picture: <PinkTicketIllustration highlight="term" />,
  },
  {
    title: 'Serial number on a white ticket',
    caption: 'At the bottom of the ticket. Numbers starting with 53 have 28 digits.',
    picture: <WhiteTicketIllustration highlight="serial" />,
  },
  {
    title: 'Retailer number on a white ticket',
    caption: 'Under the game name, after the word RETAILER: 6 digits.',
    picture: <WhiteTicketIllustration highlight="retailer" />,
  },
];

export const SCRATCHCARD_SLIDES: readonly HelpSlide[] = [
  {
    title: 'Barcode number',
    caption: 'Under the barcode on the back: 14 digits in groups of 4, 7 and 3.',
    picture: <ScratchcardIllustration highlight="barcode" />,
  },
  {
    title: 'Serial number',
    caption: 'Next to the barcode, under the word SERIAL: 9 digits.',
    picture: <ScratchcardIllustration highlight="serial" />,
  },
  {
    title: 'VIRN number',
    caption: 'Under the scratch-off panel marked VIRN on the back: 4 digits.',
    picture: <ScratchcardIllustration highlight="virn" />,
  },
];

// The server's serial check, once per number while the form lives; a failed check counts as invalid.
async function checkSerial(
  queryClient: QueryClient,
  value: string | undefined,
): Promise<string | undefined> {
  if (value === undefined || !isDbgTicketNumberFormat(value)) return undefined;
  try {
    return (await checkSerialOnce(queryClient, value)) ? undefined : FIELD_MESSAGES.dbgTicketNumber;
  } catch {
    return FIELD_MESSAGES.dbgTicketNumber;
  }
}

function HelpLink({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <p className="help-link">
      <button type="button" className="link-button" onClick={onClick}>
        {children}
      </button>
    </p>
  );
}

type Help = { slides: readonly HelpSlide[]; title: string; start: number } | null;

function TicketFields({ onHelp }: { onHelp: (help: Help) => void }) {
  const { values } = useFormState<AboutTicketValues>({ subscription: { values: true } });
  const drawHelp = (start: number) =>
    onHelp({
      slides: DRAW_TICKET_SLIDES,
      title: 'Where to find the numbers on your ticket',
      start,
    });
  const scratchcardHelp = (start: number) =>
    onHelp({
      slides: SCRATCHCARD_SLIDES,
      title: 'Where to find the numbers on your Scratchcard',
      start,
    });
  const colourKnown = values.dbgTicketType === 'PINK' || values.dbgTicketType === 'WHITE';
  const queryClient = useQueryClient();
  const validateSerial = useCallback(
    (value: string | undefined) => checkSerial(queryClient, value),
    [queryClient],
  );

  return (
    <>
      <RadioGroup name="productType" legend="What did you win with?" options={PRODUCTS} />
      {values.productType === 'DBG' && (
        <>
          <SelectField name="dbgGame" label="Which game?" options={GAMES} />
          <RadioGroup
            name="dbgTicketType"
            legend="What type of ticket is it?"
            options={TICKET_TYPES}
          />
          <HelpLink onClick={() => drawHelp(0)}>
            How to tell a pink ticket from a white one
          </HelpLink>
          {values.dbgTicketType === 'UNSURE' && (
            <div className="info-box" role="status">
              <p>
                If you are not sure which type of ticket you have, please call Customer Care on{' '}
                <PhoneLink />. We cannot take this claim online.
              </p>
              <p>Choose Finish to end your online claim.</p>
            </div>
          )}
          {colourKnown && (
            <>
              <TicketNumberInput
                name="dbgTicketNumber"
                label="Serial number"
                hint="Type the digits; we add the hyphens. For example 1234-123456789-123456."
                groupsFor={dbgSerialGroups}
                longestGroups={DBG_SERIAL_53_GROUPS}
                validate={validateSerial}
              />
              <HelpLink onClick={() => drawHelp(values.dbgTicketType === 'WHITE' ? 2 : 0)}>
                Where is the serial number?
              </HelpLink>
              {values.dbgTicketType === 'PINK' && (
                <>
                  <TextField
                    name="dbgTermNumber"
                    label="Term number"
                    hint="8 digits."
                    inputMode="numeric"
                    width="short"
                    autoComplete="off"
                    parse={(raw) => digitsOnly(raw, 8)}
                  />
                  <HelpLink onClick={() => drawHelp(1)}>Where is the term number?</HelpLink>
                </>
              )}
              {values.dbgTicketType === 'WHITE' && (
                <>
                  <TextField
                    name="dbgRetailerNumber"
                    label="Retailer number"
                    hint="6 digits."
                    inputMode="numeric"
                    width="short"
                    autoComplete="off"
                    parse={(raw) => digitsOnly(raw, 6)}
                  />
                  <HelpLink onClick={() => drawHelp(3)}>Where is the retailer number?</HelpLink>
                </>
              )}
            </>
          )}
        </>
      )}
      {values.productType === 'SC' && (
        <>
          <TicketNumberInput
            name="scBarcodeNumber"
            label="Barcode number"
            hint="Type the digits; we add the hyphens. For example 0123-4567890-123."
            groupsFor={() => SC_BARCODE_GROUPS}
            longestGroups={SC_BARCODE_GROUPS}
          />
          <TextField
            name="scSerialNumber"
            label="Serial number"
            hint="9 digits."
            inputMode="numeric"
            width="short"
            autoComplete="off"
            parse={(raw) => digitsOnly(raw, 9)}
          />
          <TextField
            name="scVirn"
            label="VIRN number"
            hint="4 digits, under the scratch-off panel marked VIRN."
            inputMode="numeric"
            width="tiny"
            autoComplete="off"
            parse={(raw) => digitsOnly(raw, 4)}
          />
          <HelpLink onClick={() => scratchcardHelp(0)}>Where are these numbers?</HelpLink>
        </>
      )}
      {(values.productType === 'SC' || colourKnown) && (
        <PriceInput
          name="prizeAmountPence"
          label="How much did you win?"
          hint="Between £500.01 and £50,000."
        />
      )}
    </>
  );
}

export function AboutTicketSection(props: SectionProps<AboutTicketValues>) {
  const values = useFormValues(props.form);
  const [help, setHelp] = useState<Help>(null);
  const unsure = values.productType === 'DBG' && values.dbgTicketType === 'UNSURE';
  return (
    <SectionForm
      id="aboutTicket"
      {...props}
      summary={aboutTicketSummary(values)}
      actions={unsure ? <Button type="submit">Finish</Button> : undefined}
    >
      <TicketFields onHelp={setHelp} />
      {help && (
        <HelpModal
          title={help.title}
          slides={help.slides}
          initialSlide={help.start}
          onClose={() => setHelp(null)}
        />
      )}
    </SectionForm>
  );
}
