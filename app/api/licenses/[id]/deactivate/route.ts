import { otherMethods, parseId, userRoute } from "@/lib/http";
import { toLicenseDto } from "@/lib/licenses/dto";
import { deactivateLicense } from "@/lib/licenses/licenses";

export const POST = userRoute(async ({ params, user }) =>
  toLicenseDto(await deactivateLicense(user.id, parseId(params.id, "License"))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
