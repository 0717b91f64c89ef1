import type { ReactNode, Ref } from 'react';

/** The claim form's heading and lead, the same before and after the claim's data arrive. */
function ClaimHeading({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Claim your prize
      </h1>
      <p className="lead">
        Complete each section. You can check and change your answers before you submit.
      </p>
    </>
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
      {children ?? (
        <div className="page-loading" role="status">
          <span className="button__spinner" aria-hidden="true" /> Checking your claim link…
        </div>
      )}
    </>
  );
}
