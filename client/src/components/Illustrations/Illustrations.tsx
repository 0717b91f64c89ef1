// Illustrations drawn for this service. Decorative: the text beside them says everything.

export interface IllustrationProps {
  className?: string;
}

export function VerificationIllustration({ className }: IllustrationProps) {
  return (
    <svg
      className={className}
      width="120"
      height="96"
      viewBox="0 0 120 96"
      aria-hidden="true"
      focusable="false"
    >
      <rect
        x="8"
        y="20"
        width="92"
        height="64"
        rx="6"
        fill="#e8f1fb"
        stroke="#1d3f6e"
        strokeWidth="3"
      />
      <path
        d="M10 24 54 58 98 24"
        fill="none"
        stroke="#1d3f6e"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M10 82 42 50M98 82 66 50" fill="none" stroke="#1d3f6e" strokeWidth="3" />
      <circle cx="94" cy="24" r="18" fill="#00703c" />
      <path
        d="m85 24 6 6 12-12"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function ErrorIllustration({ className }: IllustrationProps) {
  return (
    <svg
      className={className}
      width="120"
      height="96"
      viewBox="0 0 120 96"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M14 18h62l-6 10 6 10-6 10 6 10-6 10 6 10H14z"
        fill="#fdf0ee"
        stroke="#d4351c"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M24 32h30M24 44h38M24 56h26"
        stroke="#d4351c"
        strokeWidth="3"
        strokeLinecap="round"
        opacity=".5"
      />
      <circle cx="90" cy="48" r="22" fill="#d4351c" />
      <path d="M90 36v15" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      <circle cx="90" cy="60" r="3.2" fill="#fff" />
    </svg>
  );
}

export function CelebrationIllustration({ className }: IllustrationProps) {
  return (
    <svg
      className={className}
      width="120"
      height="96"
      viewBox="0 0 120 96"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M42 14h36v18a18 18 0 0 1-36 0z"
        fill="#f6c344"
        stroke="#8a5a00"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M42 20H30a10 10 0 0 0 12 14M78 20h12a10 10 0 0 1-12 14"
        fill="none"
        stroke="#8a5a00"
        strokeWidth="3"
      />
      <path
        d="M60 50v14M46 78h28l-4-14H50z"
        fill="#f6c344"
        stroke="#8a5a00"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="m60 20 3 6 6 1-4.5 4 1 6-5.5-3-5.5 3 1-6-4.5-4 6-1z" fill="#fff" />
      <g strokeWidth="3" strokeLinecap="round">
        <path d="M14 22l6 4M104 18l-5 6M18 58l7-2M100 60l-7-3" stroke="#1d70b8" />
        <path d="M24 40h6M92 40h6M30 10l2 6M90 8l-2 6" stroke="#d4351c" />
      </g>
    </svg>
  );
}
