"use client";

import Link from "next/link";
import { useOrigin } from "@/components/site/use-origin";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export function ApiKeyUsageExample() {
  const origin = useOrigin();
  const example = [
    `curl -X POST ${origin}/api/scrapers/1/run \\`,
    `  -H "Authorization: Bearer YOUR_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"url": "https://shop.example.com/products/wireless-headphones"}'`,
  ].join("\n");

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Using your API key</CardTitle>
        <CardDescription>Send the key as a bearer token with every scraper call.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
          <code>{example}</code>
        </pre>
        <p className="text-sm text-slate-600">
          Every scraper, parameter and response field is described in the{" "}
          <Link href="/api-docs" className="font-medium text-brand-700 underline underline-offset-2">
            API documentation
          </Link>
          .
        </p>
      </CardContent>
    </Card>
  );
}
