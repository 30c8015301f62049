import type { Metadata } from "next";
import Link from "next/link";
import { LegalDocument } from "@/components/marketing/legal-document";
import { planPrice } from "@/components/marketing/plan-text";
import { includedScrapers } from "@/lib/catalogue/plan-features";
import { PLAN_LIST } from "@/lib/config/plans";
import { site } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Terms of Service",
  description: `The terms that govern your use of ${site.name}: accounts, API keys, acceptable use, plan limits and more.`,
  path: "/terms-of-service",
});

export default function TermsOfServicePage() {
  return (
    <LegalDocument title="Terms of Service">
      <p>
        These terms govern your use of {site.name}, its website and its API (together, the “Service”). By creating an account or
        calling the API you agree to them.
      </p>

      <h2>1. Accounts</h2>
      <p>
        You need an account to use the API. You must give a valid email address, keep your password confidential and are
        responsible for everything done with your account. Tell us at once at{" "}
        <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a> if you suspect unauthorised use.
      </p>

      <h2>2. API keys</h2>
      <p>
        API keys identify you when you call the API. Treat them like passwords: do not share them, embed them in public code or
        send them to third parties. A key is shown once, when it is created; delete any key you believe has been exposed. You are
        responsible for all calls made with your keys.
      </p>

      <h2>3. Acceptable use</h2>
      <p>You agree not to use the Service to:</p>
      <ul>
        <li>collect data you have no right to collect, or use collected data in breach of law or of others’ rights;</li>
        <li>collect personal data without a lawful basis, or build profiles of individuals for unlawful purposes;</li>
        <li>overload, attack or circumvent the security of the Service or of the sites it visits;</li>
        <li>resell or redistribute the Service itself without a written agreement with us.</li>
      </ul>
      <p>You are responsible for respecting the terms of the websites you scrape and the laws that apply to you.</p>

      <h2>4. Plans and limits</h2>
      <p>Each plan comes with limits that the Service enforces automatically:</p>
      <ul>
        {PLAN_LIST.map((plan) => (
          <li key={plan.id}>
            {plan.name} ({planPrice(plan)}/month): {plan.monthlyRuns.toLocaleString("en-US")} successful API calls per month,{" "}
            {plan.requestsPerMinute} requests per minute,{" "}
            {includedScrapers(plan) === "all" ? "all scrapers" : `${includedScrapers(plan)} scrapers`}.
          </li>
        ))}
      </ul>
      <p>
        Requests beyond a limit are refused until the limit resets. Monthly quotas reset on the first day of each calendar month
        (UTC). Custom limits are available by agreement; see the <Link href="/contact">contact page</Link>.
      </p>

      <h2>5. Termination</h2>
      <p>
        You may stop using the Service and ask us to delete your account at any time. We may suspend or terminate accounts that
        breach these terms, with notice where the law and circumstances allow. On termination your API keys stop working
        immediately.
      </p>

      <h2>6. Limitation of liability</h2>
      <p>
        The Service is provided “as is”. Websites change without notice, so we cannot guarantee that every page can be scraped or
        that extracted data is complete or accurate. To the extent the law allows, we are not liable for indirect or consequential
        losses, and our total liability is limited to the amount you paid us in the twelve months before the claim.
      </p>

      <h2>7. Changes to these terms</h2>
      <p>
        We may update these terms. We will give you at least 30 days’ notice of any material change by email or in the dashboard
        before it takes effect. Continuing to use the Service after that date means you accept the new terms.
      </p>

      <h2>8. Contact</h2>
      <p>
        Questions about these terms? Write to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
      </p>
    </LegalDocument>
  );
}
