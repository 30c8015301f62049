import { Section } from "./section";

const FEATURES = [
  {
    title: "Ready-made scrapers",
    body: "Extractors for shops, social profiles, real estate, job boards, news sites and restaurant directories, tuned to the markup real sites use.",
  },
  {
    title: "Structured JSON",
    body: "Every item has the same core fields — title, price, description, rating, reviews — plus the fields of its kind, named after schema.org.",
  },
  {
    title: "Simple authentication",
    body: "Create API keys in your dashboard and send one as a bearer token. Delete a key and it stops working at once.",
  },
  {
    title: "Safe by design",
    body: "Fetches refuse private and internal addresses on every redirect, with timeouts and size caps on each page.",
  },
  {
    title: "Predictable limits",
    body: "Per-minute rate limits and a monthly quota per plan, announced in response headers. Only successful runs count.",
  },
  {
    title: "Content licenses",
    body: "Issue license keys for the content you distribute and let partners verify them with one public call.",
  },
] as const;

export function Features() {
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="Everything you need to collect web data"
      intro="Skip the headless browsers and brittle selectors. ScrapeDeck does the fetching and parsing; you get the data."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold">{feature.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{feature.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
