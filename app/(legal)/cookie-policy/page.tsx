import type { Metadata } from "next";
import Link from "next/link";
import { LegalDocument } from "@/components/marketing/legal-document";
import { site } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Cookie Policy",
  description: `Which cookies and browser storage ${site.name} uses, and how to control them.`,
  path: "/cookie-policy",
});

export default function CookiePolicyPage() {
  return (
    <LegalDocument title="Cookie Policy">
      <p>
        This policy explains how {site.name} uses cookies and similar browser storage on this website. The API itself does not use
        cookies: API calls are authenticated with an API key.
      </p>

      <h2>1. What cookies are</h2>
      <p>
        Cookies are small text files a website stores in your browser. Browser storage (such as local storage) works similarly but
        is never sent to our servers automatically.
      </p>

      <h2>2. What we use</h2>
      <ul>
        <li>
          <strong>Session cookie (essential):</strong> keeps you signed in after you log in. It is removed when you log out or
          when the session expires.
        </li>
        <li>
          <strong>Security cookies (essential):</strong> protect sign-in forms against cross-site request forgery.
        </li>
        <li>
          <strong>Cookie choice (local storage):</strong> remembers whether you chose Accept All or Decline, so the cookie banner
          does not ask again.
        </li>
      </ul>
      <p>We do not use advertising or third-party tracking cookies.</p>

      <h2>3. Your choices</h2>
      <p>
        The cookie banner lets you accept or decline non-essential cookies. Essential cookies are needed for signing in and cannot
        be switched off while you use your account. To change your choice, clear this site’s data in your browser settings; the
        banner will appear again on your next visit.
      </p>

      <h2>4. More information</h2>
      <p>
        See our <Link href="/privacy-policy">Privacy Policy</Link> for how we handle personal data, or write to{" "}
        <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
      </p>
    </LegalDocument>
  );
}
