import { findClaimByTicketCode } from '@prize/generated/client';
import { isApiError } from '@prize/generated/transport/errors';
import { FORM_ERROR } from 'final-form';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { TextField } from '../../components/TextField/TextField';
import { fieldIds } from '../../components/FieldShell/FieldShell';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { StaffForm } from '../components/StaffForm';
import { staffErrorMessage } from '../domain/errors';
import { normaliseTicketCode, ruleError, TICKET_CODE_RULE } from '../domain/validation';

export const NO_MATCH =
  'No claim has this ticket code. Check the code on the envelope and try again.';

// A posted ticket arrives with its code (printed as a QR code on the envelope or the page the
// claimant printed). A USB scanner types the code and Enter into the focused field.
export function TicketReceivedPage() {
  useDocumentTitle('Ticket received');
  const [, navigate] = useLocation();
  useEffect(() => {
    document.getElementById(fieldIds('ticketCode').input)?.focus();
  }, []);
  return (
    <div className="narrow">
      <h1>Ticket received</h1>
      <p className="lead">
        Scan the QR code from the envelope, or type the ticket code, to open its claim.
      </p>
      <StaffForm<{ ticketCode?: string }>
        submitLabel="Find the claim"
        validate={(values) => ({
          ticketCode: ruleError(TICKET_CODE_RULE, values.ticketCode),
        })}
        onSubmit={async (values) => {
          try {
            const match = await findClaimByTicketCode(values.ticketCode ?? '');
            navigate(`/claims/${match.data.claimHashid}`);
            return undefined;
          } catch (failure) {
            if (isApiError(failure) && failure.status === 404) return { ticketCode: NO_MATCH };
            return { [FORM_ERROR]: staffErrorMessage(failure) };
          }
        }}
      >
        <TextField
          name="ticketCode"
          label="Ticket code"
          hint="Like PC-7Q2M9XA4KD."
          width="medium"
          autoComplete="off"
          spellCheck={false}
          parse={normaliseTicketCode}
        />
      </StaffForm>
    </div>
  );
}
