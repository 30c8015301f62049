import { Section } from "./section";

const STEPS = [
  { title: "Create an account", body: "Sign up for free in seconds. No credit card needed for the Free plan." },
  { title: "Generate an API key", body: "Open your dashboard and create a key. It is shown once, so keep it somewhere safe." },
  { title: "Call a scraper", body: "POST a page URL to a scraper's endpoint with your key and receive structured JSON." },
] as const;

export function HowItWorks() {
  return (
    <Section id="how-it-works" eyebrow="How it works" title="From sign-up to data in three steps" className="bg-slate-50">
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm text-slate-600">{step.body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
