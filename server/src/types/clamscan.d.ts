/** clamscan ships no types; the part we use. */
declare module 'clamscan' {
  import type { Readable } from 'node:stream';
  interface ClamdOptions {
    socket: string | false;
    host: string | false;
    port: number | false;
    timeout: number;
    localFallback: boolean;
    active: boolean;
    bypassTest: boolean;
  }
  interface Options {
    removeInfected: boolean;
    clamscan: { active: boolean };
    clamdscan: ClamdOptions;
    preference: 'clamdscan' | 'clamscan';
  }
  export default class NodeClam {
    init(options: Options): Promise<NodeClam>;
    scanStream(stream: Readable): Promise<{ isInfected: boolean | null; viruses: string[] }>;
  }
}
