import type { FormApi, SubmissionErrors } from 'final-form';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { Button } from '../components/Button/Button';
import { FormSection, sectionTitleId } from '../components/FormSection/FormSection';
import { SummaryList } from '../components/SummaryList/SummaryList';
import type { SectionId, SectionStatus } from '../form/sections';
import { SECTION_TITLES } from '../form/sections';
import type { SummaryRow } from '../form/summary';

// What a sectioned form (the claim's, the info request's) gives every section.
export interface SectionProps<V> {
  form: FormApi<V>;
  number: number;
  status: SectionStatus;
  buttonLabel: string;
  onEdit: () => void;
  onSubmit: () => Promise<void>;
  formSubmit: (
    values: Record<string, unknown>,
  ) => SubmissionErrors | Promise<SubmissionErrors> | undefined;
}

export interface SectionFormProps<V> extends SectionProps<V> {
  id: SectionId;
  // The heading; by default the section's title in the claim form.
  title?: string;
  summary: readonly SummaryRow[];
  onRemoveFile?: (field: string) => void;
  // Replaces the Next/Save button (the 'not sure' ticket type shows only Finish).
  actions?: ReactNode;
  children: ReactNode;
}

export function SectionForm<V extends object>({
  id,
  title = SECTION_TITLES[id],
  form,
  number,
  status,
  buttonLabel,
  onEdit,
  onSubmit,
  formSubmit,
  summary,
  onRemoveFile,
  actions,
  children,
}: SectionFormProps<V>) {
  return (
    <FormSection
      id={id}
      number={number}
      title={title}
      status={status}
      onEdit={onEdit}
      summary={<SummaryList rows={summary} onRemoveFile={onRemoveFile} />}
    >
      <Form<V>
        form={form}
        // The section's values as the flow's forms hold them (useSectionFlow's AnyValues).
        onSubmit={(values) => formSubmit(values as Record<string, unknown>)}
        subscription={{ submitting: true, submitError: true }}
      >
        {({ submitting, submitError }) => (
          <form
            noValidate
            aria-labelledby={sectionTitleId(id)}
            onSubmit={(event) => {
              event.preventDefault();
              void onSubmit();
            }}
          >
            {typeof submitError === 'string' && (
              <p className="section-error" role="alert">
                {submitError}
              </p>
            )}
            {children}
            <div className="section-actions">
              {actions ?? (
                <Button type="submit" loading={submitting}>
                  {buttonLabel}
                </Button>
              )}
            </div>
          </form>
        )}
      </Form>
    </FormSection>
  );
}
