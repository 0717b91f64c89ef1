import type { ButtonHTMLAttributes, MouseEvent } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'warning' | 'link';
  loading?: boolean;
}

// While loading, clicks are ignored; the button stays focusable and says it is busy.
export function Button({
  variant = 'primary',
  loading = false,
  className,
  onClick,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}

      type={type}
      className={['button', `button--${variant}`, loading ? 'button--loading' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
    >
      {loading && <span className="button__spinner" aria-hidden="true" />}
      <span className="button__text">{children}</span>
    </button>
  );
}
