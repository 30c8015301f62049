import { methods, parseId, parseJsonBody, userRoute } from "@/lib/http";
import { toLicenseDto } from "@/lib/licenses/dto";
import { getLicense, updateLicense } from "@/lib/licenses/licenses";
import { updateLicenseSchema } from "@/lib/licenses/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: userRoute(async ({ params, user }) => toLicenseDto(await getLicense(user.id, parseId(params.id, "License")))),
  PATCH: userRoute(async ({ req, params, user }) => {
    const id = parseId(params.id, "License");
    const input = await parseJsonBody(req, updateLicenseSchema);
    return toLicenseDto(await updateLicense(user.id, id, input));
  }),
});
