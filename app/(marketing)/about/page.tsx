import type { Metadata } from "next";
import { PageHero } from "@/components/marketing/page-hero";
import { Section } from "@/components/marketing/section";
import { ButtonLink } from "@/components/ui/button";
import { site } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "About",
  description: `The story, vision and values behind ${site.name}, and the team that builds it.`,
  path: "/about",
});

const VALUES = [
  {
    title: "User-Focused",
    body: "We build for the people calling our API: clear errors, honest limits, documentation that answers the real question.",
  },
  {
    title: "Reliability",
    body: "Scrapers that keep working when sites change, timeouts that are enforced, and quotas that are exact under load.",
  },
  {
    title: "Privacy & Security",
    body: "We store only what the service needs, hash every API key, and refuse to fetch private or internal addresses.",
  },
] as const;

const TEAM = [
  { name: "Maya Lindqvist", role: "Co-founder & CEO", bio: "Spent eight years building data pipelines for retail analytics." },
  { name: "Daniel Okafor", role: "Co-founder & CTO", bio: "Former search infrastructure engineer; writes extractors for fun." },
  { name: "Sofia Marín", role: "Head of Developer Experience", bio: "Makes sure every error message tells you what to do next." },
  {
    name: "Kenji Watanabe",
    role: "Reliability Engineer",
    bio: "Keeps the fetchers fast, safe and polite to the sites they visit.",
  },
] as const;

function initials(name: string): string {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("");
}

export default function AboutPage() {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title={`About ${site.name}`}>
        <p>We turn the public web into clean, structured data for developers, analysts and companies.</p>
      </PageHero>

      <section aria-labelledby="story-title" className="mx-auto w-full max-w-3xl px-4 py-12">
        <h2 id="story-title" className="text-3xl font-bold tracking-tight">
          Our story
        </h2>
        <div className="mt-6 space-y-4 text-lg text-slate-700">
          <p>
            {site.name} started with a familiar frustration: every project that needed web data began by writing yet another
            scraper, and ended with maintaining it forever. Selectors broke, pages moved behind scripts, and the data never looked
            the same twice.
          </p>
          <p>
            So we built the scrapers once, properly — reading the structured data sites already publish, falling back to careful
            parsing when they do not — and put them behind a single, predictable API.
          </p>
        </div>
      </section>

      <section aria-labelledby="vision-title" className="mx-auto w-full max-w-3xl px-4 py-12">
        <h2 id="vision-title" className="text-3xl font-bold tracking-tight">
          Our vision
        </h2>
        <p className="mt-6 text-lg text-slate-700">
          Getting data from a web page should be as simple as calling any other API. We want every developer to be one request
          away from the data they need, with fair pricing and clear rules for how it may be used.
        </p>
      </section>

      <Section id="values" eyebrow="What we stand for" title="Our values" className="bg-slate-50">
        <ul className="grid gap-6 md:grid-cols-3">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold">{value.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{value.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="team" eyebrow="The people" title="Meet the team">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((member) => (
            <li key={member.name} className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
              <span
                aria-hidden="true"
                className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-700"
              >
                {initials(member.name)}
              </span>
              <h3 className="mt-4 font-semibold">{member.name}</h3>
              <p className="text-sm font-medium text-brand-700">{member.role}</p>
              <p className="mt-2 text-sm text-slate-600">{member.bio}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <ButtonLink href="/contact" variant="outline">
            Get in touch
          </ButtonLink>
        </div>
      </Section>
    </main>
  );
}
