import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response } from 'express';
import multer, { MulterError, type StorageEngine } from 'multer';
import { InputError, PayloadTooLargeError } from '../../http/errors.ts';
import { acceptedImageType, SNIFF_BYTES } from './image-type.ts';
import { collectUploadBytes } from './upload-bytes-collector.ts';
import type { FileStorage } from './storage.ts';

export const UNSUPPORTED_FILE = 'Unsupported file type';

/** What the streaming storage engine learnt about the uploaded file while writing it. */
export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
  contentType: string;
}

// Multer's file record carries what this engine hands to its callback (declaration merging).
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own augmentation point
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-namespace -- multer's own augmentation point
    namespace Multer {
      interface File {
        tempPath?: ReceivedFile['tempPath'];
        sha256?: ReceivedFile['sha256'];
        contentType?: ReceivedFile['contentType'];
      }
    }
  }
}

class UnsupportedFileError extends InputError {
  constructor() {
    super(UNSUPPORTED_FILE);
  }
}

/** Checks the first bytes as they stream past, hashing and counting the whole file. */
function inspector(
  onDone: (facts: { size: number; sha256: string; contentType: string }) => void,
): Transform {
  const hash = createHash('sha256');
  let size = 0;
  let head: Buffer[] = [];
  let headLength = 0;
  let contentType: string | undefined;
  const decide = async (): Promise<void> => {
    contentType = await acceptedImageType(Buffer.concat(head));
    head = [];
    if (!contentType) throw new UnsupportedFileError();
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      collectUploadBytes(chunk.length);
      if (contentType !== undefined) return done(null, chunk);
      head.push(chunk);
      headLength += chunk.length;
      if (headLength < SNIFF_BYTES) return done(null, chunk);
      decide().then(() => done(null, chunk), done);
    },
    flush(done) {
      const finish = (): void => {
        onDone({ size, sha256: hash.digest('hex'), contentType: contentType! });
        done();
      };
      if (contentType !== undefined) return finish();
      if (size === 0) return done(new UnsupportedFileError());
      decide().then(finish, done);
    },
  });
}

/** A multer storage engine that streams to storage: memory stays flat whatever the file size. */
function streamingEngine(storage: FileStorage, onLimit: (req: Request) => void): StorageEngine {
  return {
    _handleFile(req, file, callback) {
      const temp = storage.createTemp();
      // Busboy only truncates past the size limit, and multer 2 reads the rest of the body before
      // reporting it: stop writing now and let the route answer 413 before the body is sent.
      file.stream.once('limit', () => {
        file.stream.destroy(new MulterError('LIMIT_FILE_SIZE', file.fieldname));
        onLimit(req);
      });
      let facts: { size: number; sha256: string; contentType: string } | undefined;
      pipeline(
        file.stream,
        inspector((found) => (facts = found)),
        temp.stream,
      ).then(
        () => callback(null, { tempPath: temp.path, ...facts! }),
        (error: unknown) => {
          // Keep reading (and discarding) the rest of the part so busboy can finish the request.
          file.stream.resume();
          storage.discard(temp.path).finally(() => callback(error as Error));
        },
      );
    },
    _removeFile(_req, file, callback) {
      const tempPath = (file as unknown as ReceivedFile).tempPath;
      storage.discard(tempPath).then(() => callback(null), callback);
    },
  };
}

/** How long the rest of a refused body is read and thrown away before the socket is closed. */
const LINGER_MS = 1000;

/**
 * Answers, then closes the connection: the rest of a refused body is discarded for a moment
 * (closing at once would make the kernel reset the connection and the client lose the answer).
 */
function closeAfterAnswer(res: Response): void {
  res.setHeader('Connection', 'close');
  res.once('finish', () => {
    res.req.resume();
    setTimeout(() => res.req.socket.destroy(), LINGER_MS).unref();
  });
}

export interface UploadReceiverOptions {
  storage: FileStorage;
  maxFileSize: number;
}

/**
 * Runs before the contract validator on upload routes: refuses a declared body over the limit at
 * once, streams the one `file` part to temporary storage with limits, and leaves the text fields
 * in req.body for the validator (with a marker for `file`, which the validator requires).
 */
export function uploadReceiver({ storage, maxFileSize }: UploadReceiverOptions): RequestHandler {
  // Multer 2 reads a refused body to its end before reporting why: every refusal that can come
  // early is answered from here instead, before the rest of the body arrives.
  const refuseEarly = new WeakMap<Request, (error: Error) => void>();
  const receive = multer({
    storage: streamingEngine(storage, (req) => refuseEarly.get(req)?.(new PayloadTooLargeError())),
    limits: {
      fileSize: maxFileSize,
      files: 1,
      fields: 4,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 40,
    },
    fileFilter(req, file, accept) {
      if (file.fieldname === 'file') return accept(null, true);
      refuseEarly.get(req)?.(
        new InputError(`Unexpected file field '${file.fieldname.slice(0, 40)}'`),
      );
      accept(null, false);
    },
  }).any();
  // Multipart framing and the two text fields fit in far less than this.
  const overhead = 64 * 1024;
  return (req, res, next) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxFileSize + overhead) {
      closeAfterAnswer(res);
      return next(new PayloadTooLargeError());
    }
    res.once('close', () => {
      const received = receivedFile(req);
      if (received && !(req as Request & { fileCommitted?: boolean }).fileCommitted)
        void storage.discard(received.tempPath);
    });
    let settled = false;
    const refuse = (error: Error): void => {
      if (settled) return;
      settled = true;
      closeAfterAnswer(res);
      next(error);
    };
    refuseEarly.set(req, refuse);
    receive(req, res, (error?: unknown) => {
      if (settled) return;
      settled = true;
      if (error instanceof MulterError) {
        closeAfterAnswer(res);
        if (error.code === 'LIMIT_FILE_SIZE') return next(new PayloadTooLargeError());
        return next(
          new InputError(
            error.code === 'LIMIT_UNEXPECTED_FILE'
              ? `Unexpected file field '${error.field ?? ''}'`
              : error.message,
          ),
        );
      }
      if (error) {
        closeAfterAnswer(res);
        return next(
          error instanceof InputError ? error : new InputError('The upload could not be read'),
        );
      }
      if (receivedFile(req)) req.body = { ...req.body, file: '(binary)' };
      next();
    });
    // Whatever the parts say, no acceptable body is larger than this: a backstop for bodies that
    // are huge in a way multer only notices at their end (a giant text field, a skipped part).
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxFileSize + overhead) refuse(new PayloadTooLargeError());
    });
  };
}

export function receivedFile(req: Request): ReceivedFile | undefined {
  // Multer lists a file before its storage engine has finished with it: only a written one counts.
  const files = req.files as unknown as Array<Partial<ReceivedFile>> | undefined;
  const file = files?.[0];
  return file?.tempPath ? (file as ReceivedFile) : undefined;
}

export function markCommitted(req: Request): void {
  (req as Request & { fileCommitted?: boolean }).fileCommitted = true;
}
