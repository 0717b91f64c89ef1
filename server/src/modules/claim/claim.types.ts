import type { components } from '@prize/generated/server';

/** Shapes of the contract, as the server's handlers see them. */
export type PersonalDetails = components['schemas']['PersonalDetails'];
/** The claim's identity body: PersonalDetails plus the form-only fields it accepts and ignores. */
export type ClaimPersonalDetails = components['schemas']['ClaimPersonalDetails'];
export type ClaimSubmission = components['schemas']['ClaimSubmission'];
export type FileType = components['schemas']['FileType'];
