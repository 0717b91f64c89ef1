import { useSignOutStaff } from '@prize/generated/client';
import { type ReactNode, useContext } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/Button/Button';
import { ErrorBanner } from '../../components/ErrorBanner/ErrorBanner';
import { mayHandleDataProtection } from '../data-protection/access';
import { rolesLabel } from '../domain/labels';
import { StaffSessionContext, type StaffSessionValue } from '../session';
import { STAFF_ERROR_SUMMARY_ID, staffErrors, staffSummaryTitle } from './staffErrors';

export interface StaffLayoutProps {
  children: ReactNode;
}

function SignOut({ value }: { value: StaffSessionValue }) {
  const [, navigate] = useLocation();
  const signOut = useSignOutStaff({ request: value.csrf });
  return (
    <Button
      variant="secondary"
      className="button--small staff-header__sign-out"
      loading={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onSettled: () => {
            navigate('~/staff');
            value.end();
          },
        })
      }
    >
      Sign out
    </Button>
  );
}

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  const current = location === href || location.startsWith(`${href}/`);
  return (
    <li className="staff-nav__item">
      <Link href={href} className="staff-nav__link" aria-current={current ? 'page' : undefined}>
        {children}
      </Link>
    </li>
  );
}

// The back office's own frame: who is signed in, where they can go, and Sign out.
export function StaffLayout({ children }: StaffLayoutProps) {
  const value = useContext(StaffSessionContext);
  const staff = value?.session.staff;
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <header className="site-header staff-header">
        <div className="site-header__bar">
          <div className="container site-header__inner staff-header__inner">
            <span className="site-header__brand">Winner Services</span>
            <span className="site-header__service">Claims back office</span>
            {value && staff && (
              <div className="staff-header__account">
                <span className="staff-header__name">
                  Signed in as <strong>{staff.name}</strong> ({rolesLabel(staff.roles)})
                </span>
                <SignOut value={value} />
              </div>
            )}
          </div>
        </div>
        {staff && (
          <nav className="container staff-nav" aria-label="Back office">
            <ul className="staff-nav__list">
              <NavLink href="/claims">Claims queue</NavLink>
              <NavLink href="/ticket-received">Ticket received</NavLink>
              {/* Admin screens only for the roles that can use them (the routes agree). */}
              {staff.roles.includes('admin') && <NavLink href="/accounts">Staff accounts</NavLink>}
              {mayHandleDataProtection(staff.roles) && (
                <NavLink href="/data-protection">Data protection</NavLink>
              )}
              <NavLink href="/password">Change password</NavLink>
              <NavLink href="/sessions">Your sessions</NavLink>
            </ul>
          </nav>
        )}
      </header>
      <main id="main-content" className="container staff-main" tabIndex={-1}>
        {/* The error summary first in main, as the GOV.UK pattern places it (issue 32). */}
        <ErrorBanner
          store={staffErrors}
          id={STAFF_ERROR_SUMMARY_ID}
          title={staffSummaryTitle}
          body={null}
        />
        {children}
      </main>
    </>
  );
}
