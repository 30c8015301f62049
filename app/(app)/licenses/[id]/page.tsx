import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { LicenseDetail } from "@/components/licenses/license-detail";
import { getCurrentUser } from "@/lib/auth/current-user";
import { routeId } from "@/lib/infra/route-id";
import { toLicenseContentDto, toLicenseDto } from "@/lib/licenses/dto";
import { findLicense, listLicenseContent } from "@/lib/licenses/licenses";

interface Props {
  params: Promise<{ id: string }>;
}

/** The signed-in owner's license, or null for an invalid id, a missing license and another user's alike. */
const loadLicense = cache(async (rawId: string) => {
  const user = await getCurrentUser(await headers());
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(`/licenses/${rawId}`)}`);
  const id = routeId(rawId);
  if (id === 0) return null;
  const license = await findLicense(user.id, id);
  if (!license) return null;
  return { license: toLicenseDto(license), content: (await listLicenseContent(user.id, id)).map(toLicenseContentDto) };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await loadLicense((await params).id);
  // Each outcome describes itself: a missing license is not described as if it were there.
  if (!loaded) return { title: "License Not Found", description: "This license does not exist or is not yours." };
  return { title: loaded.license.name, description: "A license's key, status, usage and licensed content." };
}

export default async function LicensePage({ params }: Props) {
  const loaded = await loadLicense((await params).id);
  if (!loaded) notFound();
  return (
    <main id="main" className="mx-auto w-full max-w-4xl px-4 py-10">
      <LicenseDetail initialLicense={loaded.license} initialContent={loaded.content} />
    </main>
  );
}
