import type { ReactNode } from 'react';
import { FileUpload, type UploadFile } from '../components/FileUpload/FileUpload';
import {
  type AboutTicketValues,
  needsTicketBack,
  type TicketImagesValues,
} from '../form/claimForm';
import { ticketImagesSummary } from '../form/summary';
import { SectionForm, type SectionProps } from './SectionForm';
import { useFormValues } from './useFormValues';

export interface TicketImagesSectionProps extends SectionProps<TicketImagesValues> {
  // The ticket the images are of: its kind decides the wording and whether the back is needed.
  ticket: AboutTicketValues;
  upload: UploadFile;
  onRemoveFile: (field: string) => void;
  title?: string;
  intro?: ReactNode;
}

export function TicketImagesSection({
  ticket,
  upload,
  onRemoveFile,
  intro,
  ...props
}: TicketImagesSectionProps) {
  const values = useFormValues(props.form);
  const noun = ticket.productType === 'SC' ? 'Scratchcard' : 'ticket';
  return (
    <SectionForm
      id="ticketImages"
      {...props}
      summary={ticketImagesSummary(values, ticket)}
      onRemoveFile={onRemoveFile}
    >
      {intro !== undefined && <p>{intro}</p>}
      <p>Take clear, well-lit photos of the whole {noun} with every number readable.</p>
      <FileUpload
        name="ticketFrontFileUuid"
        type="ticketFront"
        label={`Front of your ${noun}`}
        upload={upload}
      />
      {needsTicketBack(ticket) && (
        <FileUpload
          name="ticketBackFileUuid"
          type="ticketBack"
          label={`Back of your ${noun}`}
          upload={upload}
        />
      )}
    </SectionForm>
  );
}
