import type { Metadata } from "next";
import Link from "next/link";
import { LegalDocument } from "@/components/marketing/legal-document";
import { site } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Privacy Policy",
  description: `What data ${site.name} stores about you, why, and the rights you have over it.`,
  path: "/privacy-policy",
});

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument title="Privacy Policy">
      <p>This policy explains what personal data {site.name} collects, how we use and protect it, and the rights you have.</p>

      <h2>1. Data we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your email address and a one-way hash of your password (we never store the password
          itself).
        </li>
        <li>
          <strong>API key data:</strong> a hash of each key, a masked form for display, its description, creation date and when it
          was last used.
        </li>
        <li>
          <strong>Usage data:</strong> the scraper runs you make (scraper, target URL, status, time) so we can enforce plan limits
          and show your history.
        </li>
        <li>
          <strong>License data:</strong> the licenses you create and the content references attached to them.
        </li>
      </ul>

      <h2>2. How we store and share it</h2>
      <p>
        Your email address and API key data are stored in a cloud database operated for us. We do not sell your data and do not
        share it with third parties, except where we are required to do so by law.
      </p>
      <p>
        We use your data only to provide the Service: to sign you in, authenticate API calls, enforce plan limits and answer your
        support requests.
      </p>

      <h2>3. Your rights</h2>
      <p>You can exercise the following rights at any time:</p>
      <ul>
        <li>
          <strong>Access</strong> — obtain a copy of the personal data we hold about you.
        </li>
        <li>
          <strong>Rectification</strong> — have inaccurate data corrected.
        </li>
        <li>
          <strong>Deletion</strong> — have your account and its data erased.
        </li>
        <li>
          <strong>Restriction</strong> — ask us to limit how we process your data.
        </li>
        <li>
          <strong>Portability</strong> — receive your data in a structured, machine-readable format.
        </li>
      </ul>
      <p>
        To exercise a right, write to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>. We answer within 30 days.
      </p>

      <h2>4. Minimum age</h2>
      <p>You must be at least 16 years old to create an account. We do not knowingly collect data from younger people.</p>

      <h2>5. Cookies</h2>
      <p>
        We use a small number of cookies to keep you signed in. See our <Link href="/cookie-policy">Cookie Policy</Link> for
        details.
      </p>

      <h2>6. Contact</h2>
      <p>
        Questions about your privacy? Write to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
      </p>
    </LegalDocument>
  );
}
