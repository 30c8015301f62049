import { created, methods, parseJsonBody, userRoute } from "@/lib/http";
import { toLicenseDto } from "@/lib/licenses/dto";
import { createLicense, listLicenses } from "@/lib/licenses/licenses";
import { createLicenseSchema } from "@/lib/licenses/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: userRoute(async ({ user }) => (await listLicenses(user.id)).map(toLicenseDto)),
  POST: userRoute(async ({ req, user }) => {
    const input = await parseJsonBody(req, createLicenseSchema);
    return created(toLicenseDto(await createLicense(user.id, input)));
  }),
});
