import type { ReactNode, Ref } from 'react';

export interface TitleBoxProps {
  title: ReactNode;
  // Focused when the page's state changes (useFormPage), so the page heading takes it.
  headingRef?: Ref<HTMLHeadingElement>;
  // The lines under the title (the page's lead).
  children?: ReactNode;
}

// Spec section 2, shared pieces: the centred title box that heads the start, claim and
// info-request pages.
export function TitleBox({ title, headingRef, children }: TitleBoxProps) {
  return (
    <div className="title-box">
      <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h1>
      {children}
    </div>
  );
}
