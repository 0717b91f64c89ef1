// Authenticator codes are shared by the suites (@prize/test-kit/totp).
export { freshCode, noteUsedStep, totp, wrongCode } from '@prize/test-kit/totp';
