import { methods, parseId, userRoute } from "@/lib/http";
import { toLicenseDto } from "@/lib/licenses/dto";
import { deactivateLicense } from "@/lib/licenses/licenses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: userRoute(async ({ params, user }) => toLicenseDto(await deactivateLicense(user.id, parseId(params.id, "License")))),
});
