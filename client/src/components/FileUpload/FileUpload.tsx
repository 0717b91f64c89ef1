import { displayFileName } from '@prize/domain';
import type { FileType } from '@prize/generated/client';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { uploadErrorMessage } from '../../domain/apiMessages';
import type { UploadedFile } from '../../form/claimForm';
import { canPreview, type ImageKind, readImageKind } from '../../domain/imageFile';
import { UPLOAD_MESSAGES } from '../../domain/messages';
import { controlAria, FieldShell } from '../FieldShell/FieldShell';
import { formatByteSize, readMaxFileSize } from './maxFileSize';
import { useFormField } from '../FieldShell/useFormField';

export interface UploadProgress {
  signal: AbortSignal;
  // Bytes sent so far of `total` (0 when the browser cannot tell).
  onProgress: (sent: number, total: number) => void;
}

export type UploadFile = (type: FileType, file: File, progress: UploadProgress) => Promise<string>;

interface Uploading {
  fileName: string;
  // 0-100, or undefined while the size of the request is unknown.
  percent: number | undefined;
}

// Before any byte is sent: the size against MAX_FILE_SIZE, then the type by the first bytes.
async function checkFile(file: File): Promise<{ kind: ImageKind } | { problem: string }> {
  const maxFileSize = readMaxFileSize();
  if (maxFileSize === undefined) return { problem: UPLOAD_MESSAGES.sizeMisconfigured };
  if (file.size > maxFileSize) return { problem: UPLOAD_MESSAGES.tooLarge };
  const kind = await readImageKind(file);
  return kind === undefined ? { problem: UPLOAD_MESSAGES.failed } : { kind };
}

export interface FileUploadProps {
  name: string;
  type: FileType;
  label: ReactNode;
  hint?: ReactNode;
  upload: UploadFile;
}

export const ACCEPTED_FILES = '.png,.jpg,.jpeg,.heic,image/png,image/jpeg,image/heic,image/heif';

// Empty (a box to choose a file), 'Uploading...', or the chosen file with Remove. A file is
// uploaded as soon as it is chosen; a failure clears it and shows the reason on the field.
export function FileUpload({ name, type, label, hint, upload }: FileUploadProps) {
  const { input, ids, error: fieldError } = useFormField<UploadedFile | null | undefined>(name);
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  // A small picture of the file just uploaded (PNG, JPEG), for the file it was made from.
  const [preview, setPreview] = useState<{ uuid: string; url: string } | null>(null);
  const cancelUpload = useRef<AbortController | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const focusInputNext = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      cancelUpload.current?.abort();
    };
  }, []);
  useEffect(
    () => () => (preview !== null ? URL.revokeObjectURL(preview.url) : undefined),
    [preview],
  );
  useEffect(() => {
    if (focusInputNext.current && !input.value && uploading === null) {
      focusInputNext.current = false;
      fileInputRef.current?.focus();
    }
  });

  const error = uploadError ?? fieldError;
  const maxFileSize = readMaxFileSize();
  const hintNode = (
    <>
      {hint !== undefined && <span className="file-upload__hint-text">{hint} </span>}
      <span>
        Accepted formats: {UPLOAD_MESSAGES.formats}.
        {maxFileSize !== undefined && <> Maximum file size {formatByteSize(maxFileSize)}.</>}
      </span>
    </>
  );

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(undefined);
    const checked = await checkFile(file);
    if (!mounted.current) return;
    if ('problem' in checked) {
      input.onChange(undefined);
      setUploadError(checked.problem);
      input.onBlur();
      return;
    }
    const controller = new AbortController();
    cancelUpload.current = controller;
    // Any name is accepted; the page shows the display name the server keeps (@prize/domain).
    const fileName = displayFileName(file.name);
    setUploading({ fileName, percent: undefined });
    const onProgress = (sent: number, total: number) => {
      if (mounted.current && total > 0)
        setUploading({
          fileName,
          percent: Math.min(100, Math.round((sent / total) * 100)),
        });
    };
    try {
      const uuid = await upload(type, file, { signal: controller.signal, onProgress });
      if (!mounted.current) return;
      input.onChange({ uuid, fileName });
      if (canPreview(checked.kind)) setPreview({ uuid, url: URL.createObjectURL(file) });
    } catch (failure) {
      if (!mounted.current) return;
      input.onChange(undefined);
      // Cancelled by the claimant: nothing went wrong.
      if (!controller.signal.aborted) setUploadError(uploadErrorMessage(failure));
      focusInputNext.current = true;
    } finally {
      cancelUpload.current = null;
      if (mounted.current) {
        setUploading(null);
        input.onBlur();
      }
    }
  };

  const chosen = input.value;
  const previewUrl = chosen && preview?.uuid === chosen.uuid ? preview.url : undefined;
  return (
    <FieldShell ids={ids} label={label} hint={hintNode} error={error}>
      <div className="file-upload">
        {uploading !== null && (
          <div className="file-upload__state file-upload__state--uploading">
            <div className="file-upload__status" role="status">
              <span className="button__spinner" aria-hidden="true" />
              <span>{UPLOAD_MESSAGES.uploading}</span>
              <span className="file-upload__name">{uploading.fileName}</span>
            </div>
            <progress
              className="file-upload__progress"
              max={100}
              value={uploading.percent}
              aria-label={`Upload of ${uploading.fileName}`}
            />
            <button
              type="button"
              className="link-button"
              aria-label={`Cancel upload of ${uploading.fileName}`}
              onClick={() => cancelUpload.current?.abort()}
            >
              Cancel
            </button>
          </div>
        )}
        {uploading === null && chosen && (
          <div className="file-upload__state file-upload__state--chosen">
            {previewUrl !== undefined ? (
              // The name beside it says what it is.
              <img
                className="file-upload__preview"
                src={previewUrl}
                alt=""
                width={48}
                height={48}
              />
            ) : (
              <svg
                className="file-upload__icon"
                width="24"
                height="24"
                viewBox="0 0 24 24"
                aria-hidden="true"
                focusable="false"
              >
                <path
                  d="M5 2h9l5 5v15H5z"
                  fill="#fff"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinejoin="round"
                />
                <path
                  d="m8.5 14 2.5 2.5 5-5"
                  fill="none"
                  stroke="#00703c"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            )}
            <span className="file-upload__name" id={`${ids.input}-chosen`}>
              {chosen.fileName}
            </span>
            <button
              type="button"
              className="link-button"
              id={ids.input}
              // Named for its file: the field's label would otherwise name it.
              aria-label={`Remove ${chosen.fileName}`}
              onClick={() => {
                setPreview(null);
                input.onChange(undefined);
                input.onBlur();
                focusInputNext.current = true;
              }}
            >
              Remove
            </button>
          </div>
        )}
        {uploading === null && !chosen && (
          <div className="file-upload__state file-upload__state--empty">
            <input
              ref={fileInputRef}
              id={ids.input}
              className="file-upload__input"
              type="file"
              accept={ACCEPTED_FILES}
              {...controlAria(ids, true, error)}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                void choose(file);
              }}
              onFocus={() => input.onFocus()}
            />
          </div>
        )}
      </div>
    </FieldShell>
  );
}
