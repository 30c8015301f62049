import { Section } from "./section";

const USE_CASES = [
  {
    title: "Price monitoring",
    audience: "E-commerce teams",
    body: "Track competitors' prices, availability and ratings across shops and react before your margins do.",
  },
  {
    title: "Lead generation",
    audience: "Sales and marketing",
    body: "Build prospect lists from public profiles and business directories, enriched with contact details.",
  },
  {
    title: "Market research",
    audience: "Business analysts",
    body: "Follow property prices, job demand or restaurant ratings in a region and feed them into your models.",
  },
  {
    title: "Content aggregation",
    audience: "Developers and publishers",
    body: "Collect headlines, authors and article text from news sources into your own app or newsletter.",
  },
] as const;

export function UseCases() {
  return (
    <Section
      id="use-cases"
      eyebrow="Use cases"
      title="Built for developers, analysts and companies"
      intro="Teams use ScrapeDeck wherever public web data drives a decision."
    >
      <ul className="grid gap-6 sm:grid-cols-2">
        {USE_CASES.map((useCase) => (
          <li key={useCase.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="text-sm font-medium text-brand-700">{useCase.audience}</p>
            <h3 className="mt-1 text-lg font-semibold">{useCase.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{useCase.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
