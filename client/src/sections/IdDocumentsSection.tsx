import { type ReactNode, useState } from 'react';
import { FileUpload, type UploadFile } from '../components/FileUpload/FileUpload';
import { IdDocumentsModal } from '../components/IdDocumentsModal/IdDocumentsModal';
import type { IdDocumentsValues } from '../form/claimForm';
import { idDocumentsSummary } from '../form/summary';
import { SectionForm, type SectionProps } from './SectionForm';
import { useFormValues } from './useFormValues';

export interface IdDocumentsSectionProps extends SectionProps<IdDocumentsValues> {
  upload: UploadFile;
  onRemoveFile: (field: string) => void;
  // Why the documents are asked for; by default, the identity check could not confirm it.
  intro?: ReactNode;
}

export const ID_CHECK_FAILED_INTRO =
  'We could not confirm your identity from your details, so we need photos of two ID documents.';

export function IdDocumentsSection({
  upload,
  onRemoveFile,
  intro = ID_CHECK_FAILED_INTRO,
  ...props
}: IdDocumentsSectionProps) {
  const values = useFormValues(props.form);
  const [showDocuments, setShowDocuments] = useState(false);
  return (
    <SectionForm
      id="idDocuments"
      {...props}
      summary={idDocumentsSummary(values)}
      onRemoveFile={onRemoveFile}
    >
      <p>{intro}</p>
      <p>
        <button type="button" className="link-button" onClick={() => setShowDocuments(true)}>
          Acceptable ID documents
        </button>
      </p>
      <FileUpload
        name="idDocument1FileUuid"
        type="idDocument1"
        label="First ID document"
        hint="Photo ID, such as a passport."
        upload={upload}
      />
      <FileUpload
        name="idDocument2FileUuid"
        type="idDocument2"
        label="Second ID document"
        hint="Proof of address from the last 3 months."
        upload={upload}
      />
      {showDocuments && <IdDocumentsModal onClose={() => setShowDocuments(false)} />}
    </SectionForm>
  );
}
