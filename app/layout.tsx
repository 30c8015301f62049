import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { inter } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "ScrapeDeck — ready-made web scrapers behind one API", template: "%s | ScrapeDeck" },
  description: "Pre-built scrapers for products, profiles, listings, jobs, news and restaurants, called with an API key.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-screen font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
