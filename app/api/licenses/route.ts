import { created, otherMethods, parseJsonBody, userRoute } from "@/lib/http";
import { toLicenseDto } from "@/lib/licenses/dto";
import { createLicense, listLicenses } from "@/lib/licenses/licenses";
import { createLicenseSchema } from "@/lib/licenses/schemas";

export const GET = userRoute(async ({ user }) => (await listLicenses(user.id)).map(toLicenseDto));

export const POST = userRoute(async ({ req, user }) => {
  const input = await parseJsonBody(req, createLicenseSchema);
  return created(toLicenseDto(await createLicense(user.id, input)));
});

export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);
