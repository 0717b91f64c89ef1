import type { ReactNode } from 'react';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';
import { Notifications } from '../Notifications/Notifications';

export interface LayoutProps {
  children: ReactNode;
  showBreadcrumbs: boolean;
}

export function Layout({ children, showBreadcrumbs }: LayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <Header showBreadcrumbs={showBreadcrumbs} />
      <Notifications />
      <main id="main-content" className="container" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
