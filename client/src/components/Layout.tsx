import type { ReactNode } from 'react';
import { Link } from 'wouter';

export interface LayoutProps {
  children: ReactNode;
}

export function Layout({ children }: LayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <header className="site-header">
        <div className="container">
          <Link className="site-header__name" href="/">
            Postal prize claim
          </Link>
        </div>
      </header>
      <main id="main-content" className="container" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>Players must be 18 or over and physically located in the UK or Isle of Man.</p>
        </div>
      </footer>
    </>
  );
}
