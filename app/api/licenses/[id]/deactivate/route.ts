import { otherMethods, parseId } from "@/lib/http";
import { userRoute } from "@/lib/http/with-user";
import { toLicenseDto } from "@/lib/licenses/dto";
import { deactivateLicense } from "@/lib/licenses/licenses";

export const POST = userRoute(async ({ params, user }) =>
  toLicenseDto(await deactivateLicense(user.id, parseId(params.id, "License"))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
