import { useSiteSettings } from '../../config';

// The Customer Care number (the server's when it has said, otherwise the build's), dialable.
export function PhoneLink({ className = 'nowrap' }: { className?: string }) {
  const { customerCarePhone } = useSiteSettings();
  return (
    <a href={`tel:${customerCarePhone.replace(/\s+/g, '')}`} className={className}>
      {customerCarePhone}
    </a>
  );
}
