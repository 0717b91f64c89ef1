import type { ReactNode, Ref } from 'react';
import { TitleBox } from '../../components/TitleBox/TitleBox';

/** The claim form's title box (heading and lead), the same before and after the claim's data arrive. */
function ClaimHeading({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <TitleBox title="Claim your prize" headingRef={headingRef}>
      <p className="lead">
        Complete each section. You can check and change your answers before you submit.
      </p>
    </TitleBox>
  );
}

/** The line under the heading while the link is checked and the form's code loads. */
export function ClaimLinkStatus() {
  return (
    <div className="page-loading" role="status">
      <span className="button__spinner" aria-hidden="true" /> Checking your claim link…
    </div>
  );
}

/**
 * What a claim link shows while its link is checked (and, before that, while the form's chunk
 * loads: this ships with the start page). The heading and lead paint with the start page's JS
 * alone, so the page's largest text waits neither for the chunk nor for the link's API calls.
 * The form takes the status line's place (`children`) under the same heading, which stays put.
 */
export function ClaimShell({
  headingRef,
  children,
}: {
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  return (
    <>
      <ClaimHeading headingRef={headingRef} />
      {children ?? <ClaimLinkStatus />}
    </>
  );
}
