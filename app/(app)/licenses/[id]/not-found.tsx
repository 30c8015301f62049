import { LicenseNotFound } from "@/components/licenses/license-not-found";

export default function LicenseNotFoundPage() {
  return (
    <main id="main" className="mx-auto w-full max-w-4xl px-4 py-10">
      <LicenseNotFound />
    </main>
  );
}
