import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ContactForm } from "@/components/contact/contact-form";
import { PageHero } from "@/components/marketing/page-hero";
import { BookIcon, ClockIcon, MailIcon } from "@/components/site/icons";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { site } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Contact",
  description: `Questions about ${site.name}, enterprise pricing or the API? Send us a message.`,
  path: "/contact",
});

function SideCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-3 space-y-0">
        <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">{icon}</span>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-slate-600">{children}</CardContent>
    </Card>
  );
}

export default function ContactPage() {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title="Contact us">
        <p>Questions about the API, a custom plan or a scraper you need? We read every message.</p>
      </PageHero>
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 pb-20 lg:grid-cols-3">
        <section aria-labelledby="contact-form-title" className="lg:col-span-2">
          <Card>
            <CardHeader>
              <h2 id="contact-form-title" className="text-xl font-semibold">
                Send us a message
              </h2>
              <p className="text-sm text-slate-600">All fields are required.</p>
            </CardHeader>
            <CardContent>
              <ContactForm />
            </CardContent>
          </Card>
        </section>
        <aside aria-label="Other ways to reach us" className="space-y-6">
          <SideCard icon={<MailIcon />} title="Email support">
            <p>Write to us directly at</p>
            <a href={`mailto:${site.supportEmail}`} className="font-medium text-brand-700 underline underline-offset-2">
              {site.supportEmail}
            </a>
          </SideCard>
          <SideCard icon={<ClockIcon />} title="Support hours">
            <p>Monday to Friday, 9AM to 6PM EST.</p>
            <p className="mt-2">We aim to reply within 24 hours on business days.</p>
          </SideCard>
          <SideCard icon={<BookIcon />} title="API documentation">
            <p>Most integration questions are answered in the docs.</p>
            <Link
              href="/api-docs"
              prefetch={false}
              className="mt-2 inline-block font-medium text-brand-700 underline underline-offset-2"
            >
              Read the API documentation
            </Link>
          </SideCard>
        </aside>
      </div>
    </main>
  );
}
