import type { ReactNode, Ref } from 'react';

export interface BannerProps {
  title: string;
  variant?: 'information' | 'success' | 'important';
  children?: ReactNode;
  bannerRef?: Ref<HTMLDivElement>;
  // Success news is a status; other banners are a region named by their title bar.
  live?: boolean;
}

// The GOV.UK notification banner: a coloured title bar ("Important", "Success") over the message.
export function Banner({ title, variant = 'information', children, bannerRef, live }: BannerProps) {
  const titleId = `banner-${variant}-title`;
  return (
    <div
      className={`staff-banner staff-banner--${variant}`}
      role={live ? 'status' : 'region'}
      aria-labelledby={titleId}
      tabIndex={-1}
      ref={bannerRef}
    >
      <div className="staff-banner__header">
        <h2 className="staff-banner__title" id={titleId}>
          {title}
        </h2>
      </div>
      <div className="staff-banner__content">{children}</div>
    </div>
  );
}
