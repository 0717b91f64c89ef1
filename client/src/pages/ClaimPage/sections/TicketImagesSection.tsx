import type { FormApi } from 'final-form';
import { FileUpload, type UploadFile } from '../../../components/FileUpload/FileUpload';
import { type AboutTicketValues, needsTicketBack, type TicketImagesValues } from '../../../rules/claimForm';
import { ticketImagesSummary } from '../../../rules/summary';
import { SectionForm, type SectionProps } from '../SectionForm';
import { useFormValues } from '../useFormValues';

export interface TicketImagesSectionProps extends SectionProps<TicketImagesValues> {
  ticketForm: FormApi<AboutTicketValues>;
  upload: UploadFile;
  onRemoveFile: (field: string) => void;
}

export function TicketImagesSection({ ticketForm, upload, onRemoveFile, ...props }: TicketImagesSectionProps) {
  const values = useFormValues(props.form);
  const ticket = useFormValues(ticketForm);
  const noun = ticket.productType === 'SC' ? 'Scratchcard' : 'ticket';
  return (
    <SectionForm id="ticketImages" {...props} summary={ticketImagesSummary(values, ticket)} onRemoveFile={onRemoveFile}>
      <p>Take clear, well-lit photos of the whole {noun} with every number readable.</p>
      <FileUpload name="ticketFrontFileUuid" type="ticketFront" label={`Front of your ${noun}`} upload={upload} />
      {needsTicketBack(ticket) && (
        <FileUpload name="ticketBackFileUuid" type="ticketBack" label={`Back of your ${noun}`} upload={upload} />
      )}
    </SectionForm>
  );
}
