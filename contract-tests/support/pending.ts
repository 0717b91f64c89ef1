/**
 * Operations of the contract that the real server does not implement yet.
 *
 * Shrink these as handlers land: remove an operationId and its real-target scenarios run.
 * Checked against the real server on 2026-11-22 (every operation sent a valid request directly).
 */

/**
 * Operations that still answer 501 in the general shape on the real server. On the real target
 * each of them gets one scenario, "... (501: not implemented yet)", that sends a valid request
 * built from the contract's examples straight to the server (Prism's proxy would re-mock a 501)
 * and expects `{statusCode: 501, message, error: 'Not Implemented'}`.
 */
export const PENDING_ON_REAL_SERVER: ReadonlySet<string> = new Set([
  // info-request
  'getInfoRequest',
  'submitInfoRequest',
  'submitInfoRequestIdentity',
  // operator
  'listOperatorClaims',
  'getOperatorClaim',
  'createInfoRequest',
  'getOperatorFile',
  // address
  'findAddress',
  'retrieveAddress',
]);

/**
 * Operations not implemented yet that do not answer 501 either, with why. Their real-target
 * scenarios are skipped and say so.
 */
export const SKIPPED_ON_REAL_SERVER: ReadonlyMap<string, string> = new Map([
  // The validator's fileUploader is off and no multer runs on this route yet, so every multipart
  // body looks empty: a valid upload gets 400 "type/fileName/file required" before the 501
  // handler is reached.
  ['uploadInfoRequestFile', 'answers 400 to every upload until its multer is wired'],
]);
