"use client";

import { GenerateLicenseForm } from "./generate-license-form";
import { LicenseList } from "./license-list";
import { VerificationExample } from "./verification-example";

export function LicensesTab() {
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <LicenseList />
        </div>
        <GenerateLicenseForm />
      </div>
      <VerificationExample />
    </div>
  );
}
