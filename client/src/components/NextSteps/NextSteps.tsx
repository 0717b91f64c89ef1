import type { ReactNode } from 'react';

export interface NextStep {
  title: string;
  text: ReactNode;
}

export interface NextStepsProps {
  steps: readonly NextStep[];
}

// The 'What happens next?' panel of a result page.
export function NextSteps({ steps }: NextStepsProps) {
  return (
    <section className="next-steps" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title">What happens next?</h2>
      <ol className="next-steps__list">
        {steps.map((step) => (
          <li key={step.title} className="next-steps__item">
            <strong className="next-steps__title">{step.title}</strong>
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
