import { getGetStaffClaimFileUrl, useGetStaffClaimFile } from '@prize/generated/client';
import { isApiError } from '@prize/generated/transport/errors';
import { useMemo } from 'react';
import { staffErrorMessage } from '../../domain/errors';

export interface PreviewImageProps {
  claimHashid: string;
  uuid: string;
  alt: string;
}

// An upload's preview is re-encoded after the upload: until it is ready the server answers 409
// ("try again shortly"), so that answer is retried a few times before the message shows.
const PENDING_RETRIES = 10;
const PENDING_DELAY_MS = 2000;

export function PreviewImage({ claimHashid, uuid, alt }: PreviewImageProps) {
  const preview = useGetStaffClaimFile(claimHashid, uuid, {
    request: { headers: { Accept: 'image/*' } },
    query: {
      staleTime: Infinity,
      retry: (count, error) => isApiError(error) && error.status === 409 && count < PENDING_RETRIES,
      retryDelay: PENDING_DELAY_MS,
    },
  });
  const blob = preview.data?.data;
  // The blob's address lives until the image has decoded it (revoked on load).
  const src = useMemo(() => (blob === undefined ? undefined : URL.createObjectURL(blob)), [blob]);

  if (preview.isError)
    return <p className="staff-images__problem">{staffErrorMessage(preview.error)}</p>;
  if (src === undefined) {
    return (
      <p role="status" className="staff-images__loading">
        Loading the image…
      </p>
    );
  }
  return (
    <a href={getGetStaffClaimFileUrl(claimHashid, uuid)} target="_blank" rel="noopener noreferrer">
      <img
        src={src}
        alt={alt}
        className="staff-images__image"
        onLoad={(event) => URL.revokeObjectURL(event.currentTarget.src)}
      />
      <span className="visually-hidden"> (opens full size in a new tab)</span>
    </a>
  );
}
