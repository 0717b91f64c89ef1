/** heic-decode ships no types; the part we use. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface PendingImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface PendingImages extends Array<PendingImage> {
    dispose(): void;
  }
  interface Decode {
    (input: { buffer: Uint8Array }): Promise<DecodedImage>;
    all(input: { buffer: Uint8Array }): Promise<PendingImages>;
  }
  const decode: Decode;
  export default decode;
}
