// The upload bodies and images every suite builds the same way live in @prize/test-kit.
export { png, sha256, uploadForm } from '@prize/test-kit/uploads';
