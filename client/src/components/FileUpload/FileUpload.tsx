import type { FileType } from '@prize/generated/client';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useField } from 'react-final-form';
import { uploadErrorMessage, visibleFieldError } from '../../rules/apiMessages';
import type { UploadedFile } from '../../rules/claimForm';
import { UPLOAD_MESSAGES } from '../../rules/messages';
import { describedBy, FieldShell, fieldIds } from '../FieldShell/FieldShell';

export type UploadFile = (type: FileType, file: File) => Promise<string>;

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
  const { input, meta } = useField<UploadedFile | null | undefined>(name, {
    subscription: { value: true, touched: true, error: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const ids = fieldIds(name);
  const [uploading, setUploading] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const focusInputNext = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (focusInputNext.current && !input.value && uploading === null) {
      focusInputNext.current = false;
      fileInputRef.current?.focus();
    }
  });

  const error = uploadError ?? visibleFieldError(meta);
  const hintNode = (
    <>
      {hint !== undefined && <span className="file-upload__hint-text">{hint} </span>}
      <span>
        Accepted formats: {UPLOAD_MESSAGES.formats}. Maximum file size {UPLOAD_MESSAGES.maxSize}.
      </span>
    </>
  );

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(undefined);
    setUploading(file.name);
    try {
      const uuid = await upload(type, file);
      if (!mounted.current) return;
      input.onChange({ uuid, fileName: file.name });
    } catch (failure) {
      if (!mounted.current) return;
      input.onChange(undefined);
      setUploadError(uploadErrorMessage(failure));
      focusInputNext.current = true;
    } finally {
      if (mounted.current) {
        setUploading(null);
        input.onBlur();
      }
    }
  };

  const chosen = input.value;
  return (
    <FieldShell ids={ids} label={label} hint={hintNode} error={error}>
      <div className="file-upload">
        {uploading !== null && (
          <div className="file-upload__state file-upload__state--uploading" role="status">
            <span className="button__spinner" aria-hidden="true" />
            <span>{UPLOAD_MESSAGES.uploading}</span>
            <span className="file-upload__name">{uploading}</span>
          </div>
        )}
        {uploading === null && chosen && (
          <div className="file-upload__state file-upload__state--chosen">
            <svg className="file-upload__icon" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M5 2h9l5 5v15H5z" fill="#fff" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              <path d="m8.5 14 2.5 2.5 5-5" fill="none" stroke="#00703c" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
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
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(ids, true, error)}
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
