import { type StaffClaim, useAddStaffClaimNote } from '@prize/generated/client';
import { StaffNoteRequestRules } from '@prize/generated/rules';
import { StaffForm } from '../../components/StaffForm';
import { TextAreaField } from '../../components/TextAreaField';
import { submissionErrors } from '../../domain/errors';
import { formatDateTime } from '../../domain/labels';
import { useStaffSession } from '../../session';

export interface NotesProps {
  claim: StaffClaim;
  onAdded: (claim: StaffClaim, notice: string) => void;
}

const noteMax = StaffNoteRequestRules.text.maxLength;

// Internal notes: for colleagues only, kept with the claim and never e-mailed to the claimant.
export function Notes({ claim, onAdded }: NotesProps) {
  const { csrf } = useStaffSession();
  const add = useAddStaffClaimNote({ request: csrf });
  const notes = claim.notes ?? [];
  return (
    <section aria-labelledby="notes-title">
      <h2 id="notes-title">Internal notes</h2>
      {notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ul className="staff-notes">
          {notes.map((note, index) => (
            <li key={`${note.at}-${index}`} className="staff-notes__item">
              <p className="staff-notes__text">{note.text}</p>
              <p className="staff-muted">
                {note.staffName}, {formatDateTime(note.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <StaffForm<{ text?: string }>
        label="Add a note"
        submitLabel="Add the note"
        submitVariant="secondary"
        validate={(values) => ({
          text: values.text?.trim()
            ? values.text.trim().length > noteMax
              ? `Enter a note of up to ${noteMax} characters.`
              : undefined
            : `Enter a note (up to ${noteMax} characters).`,
        })}
        onSubmit={async (values, form) => {
          try {
            const response = await add.mutateAsync({
              claimHashid: claim.claimHashid,
              data: { text: values.text!.trim() },
            });
            form.restart();
            onAdded(response.data, 'Your note is added. Only staff can see it.');
            return undefined;
          } catch (failure) {
            return submissionErrors(failure);
          }
        }}
      >
        <TextAreaField
          name="text"
          label="Add a note"
          hint="Only staff see notes. They are never e-mailed to the claimant."
          rows={3}
          maxLength={noteMax}
        />
      </StaffForm>
    </section>
  );
}
