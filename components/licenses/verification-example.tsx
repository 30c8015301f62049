"use client";

import Link from "next/link";
import { useOrigin } from "@/components/site/use-origin";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export function VerificationExample() {
  const origin = useOrigin();
  const request = `curl -X POST ${origin}/api/verify-license \\
  -H "Content-Type: application/json" \\
  -d '{"license_key": "YOUR-LICENSE-KEY"}'`;
  const response = `{
  "valid": true,
  "code": "valid",
  "message": "License is valid.",
  "content": ["https://cdn.example.com/course.zip"]
}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Verify a License</CardTitle>
        <CardDescription>
          Anyone can check a license key: no API key or sign-in, callable from any website. Each valid check counts toward the
          license&apos;s maximum usage; invalid ones answer <code>valid: false</code> with a reason.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
          <code>{request}</code>
        </pre>
        <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
          <code>{response}</code>
        </pre>
        <p className="text-sm text-slate-600">
          Codes: <code>valid</code>, <code>not_found</code>, <code>inactive</code>, <code>expired</code>,{" "}
          <code>usage_exceeded</code>. See the{" "}
          <Link href="/api-docs" className="font-medium text-brand-600 underline underline-offset-2">
            API documentation
          </Link>{" "}
          for details.
        </p>
      </CardContent>
    </Card>
  );
}
