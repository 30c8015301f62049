import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { planPrice } from "@/components/marketing/plan-text";
import { includedScrapers, planFeatures } from "@/lib/catalogue/plan-features";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { PLAN_LIST, PLANS, plansIncluding, rendersAlways, runsOneAtATime } from "@/lib/config/plans";

const list = (items: string[]) => new Intl.ListFormat("en", { style: "long", type: "conjunction" }).format(items);
const either = (items: string[]) => new Intl.ListFormat("en", { style: "long", type: "disjunction" }).format(items);

function concurrency(plan: (typeof PLAN_LIST)[number]): string {
  return runsOneAtATime(plan) ? `${plan.name}: one run at a time` : `${plan.name}: ${plan.concurrentRuns} runs at once`;
}

// The entry plan, and the plans catalogue scrapers ask for beyond it (today Pro: "marked as Pro").
const entryPlan = PLAN_LIST[0] ?? PLANS.free;
const entryScrapers = includedScrapers(entryPlan);
const gatedPlans = PLAN_LIST.filter((plan) => plan !== entryPlan && CATALOGUE.some((entry) => entry.requiredPlan === plan.id));

// Every figure comes from the plan table (lib/config/plans.ts).
const QUESTIONS: ReadonlyArray<{ question: string; answer: ReactNode }> = [
  {
    question: "Which plans are available?",
    answer: (
      <ul className="list-disc space-y-2 pl-6">
        {PLAN_LIST.map((plan) => (
          <li key={plan.id}>
            <strong>
              {plan.name} — {planPrice(plan)}/month:
            </strong>{" "}
            {planFeatures(plan)
              .filter((feature) => feature.included)
              .map((feature) => feature.text)
              .join(", ")}
            .
          </li>
        ))}
      </ul>
    ),
  },
  {
    question: "What are the rate limits?",
    answer: (
      <p>
        {list(PLAN_LIST.map((plan) => `${plan.name} ${plan.requestsPerMinute} requests per minute`))}, counted per account across
        all your keys. Every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset headers; over the limit
        you get 429 with a Retry-After header.
      </p>
    ),
  },
  {
    question: "What counts against my monthly quota?",
    answer: (
      <p>
        Only successful runs: {list(PLAN_LIST.map((plan) => `${plan.monthlyRuns.toLocaleString("en-US")} on ${plan.name}`))}.
        Failed or throttled calls are free. The quota resets on the first day of each calendar month (UTC); once it is used up,
        runs answer 402 until then.
      </p>
    ),
  },
  {
    question: "How many runs can I make at the same time?",
    answer: <p>{list(PLAN_LIST.map(concurrency))}. A run beyond that answers 429 and can be retried a moment later.</p>,
  },
  {
    question: `Which scrapers does the ${entryPlan.name} plan include?`,
    answer: (
      <p>
        {entryScrapers === "all" ? "All of them." : `${entryScrapers} of the catalogue's scrapers.`}
        {gatedPlans.map((plan) => (
          <Fragment key={plan.id}>
            {" "}
            Scrapers marked as {plan.name} need the {either(plansIncluding(plan.id).map((including) => including.name))} plan;
            calling one on {entryPlan.name} answers 403.
          </Fragment>
        ))}
      </p>
    ),
  },
  {
    question: "Can you scrape pages drawn by JavaScript?",
    answer: (
      <p>
        Yes: add <code>"render": "auto"</code> to a run and ScrapeDeck renders the page in a browser when the plain HTML has
        nothing to extract or is an app shell; <code>"render": true</code> always renders, and <code>"screenshot": true</code>{" "}
        keeps a PNG of the rendered page. The answer says <code>"rendered": true</code> when it did.{" "}
        {list(
          PLAN_LIST.map(
            (plan) =>
              `${plan.name}: ${rendersAlways(plan) ? "every page and screenshots" : "only when needed"}, up to ${plan.rendering.maxTimeoutMs / 1000} s a page`,
          ),
        )}
        . A rendered run counts as one run; renders that fail on our side are free.
      </p>
    ),
  },
  {
    question: "How do I get an API key?",
    answer: (
      <p>
        Create a free account, open the{" "}
        <Link href="/dashboard" prefetch={false}>
          dashboard
        </Link>{" "}
        and generate a key in the API Keys tab. It is shown once, so store it safely.
      </p>
    ),
  },
  {
    question: "Do you offer custom plans?",
    answer: (
      <p>
        Yes. For higher limits, dedicated support or custom scrapers, <Link href="/contact">contact us</Link> about enterprise
        pricing.
      </p>
    ),
  },
];

export function Faq() {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {QUESTIONS.map((item) => (
        <details key={item.question} className="group px-6 py-4">
          <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden [&::-webkit-details-marker]:hidden">
            <span className="flex items-center justify-between gap-4">
              {item.question}
              <span aria-hidden="true" className="text-slate-500 transition group-open:rotate-45">
                +
              </span>
            </span>
          </summary>
          <div className="mt-3 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
