import { ButtonLink } from "@/components/ui/button";

/** docs/product.md#license-detail: the same answer for an invalid id, a missing license and another user's license. */
export function LicenseNotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">License Not Found</h1>
      <p className="mt-3 text-slate-600">
        The license you&apos;re looking for doesn&apos;t exist or you don&apos;t have permission to view it.
      </p>
      <ButtonLink href="/dashboard" className="mt-8">
        Back to Dashboard
      </ButtonLink>
    </div>
  );
}
