import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/*
 * TOTP as authenticator apps expect it (otplib's defaults: SHA-1, 6 digits, 30-second steps).
 * One step either side is accepted for clock drift; a code's step must be later than the last
 * accepted one, so a code signs in once.
 */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(issuer: string, email: string, secret: string): string {
  return generateURI({ issuer, label: email, secret });
}

/** The enrolment QR code of `uri`, as the PNG data URL an `<img>` shows. */
export function qrCodeDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The time step of `code` when it is the secret's code around `now` and later than
 * `lastStep`; undefined otherwise.
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // The result type covers HOTP too; a TOTP check always reports its step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
