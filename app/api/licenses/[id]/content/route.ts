import { created, methods, parseId, parseJsonBody, userRoute } from "@/lib/http";
import { toLicenseContentDto } from "@/lib/licenses/dto";
import { addLicenseContent, listLicenseContent } from "@/lib/licenses/licenses";
import { addLicenseContentSchema } from "@/lib/licenses/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: userRoute(async ({ params, user }) =>
    (await listLicenseContent(user.id, parseId(params.id, "License"))).map(toLicenseContentDto),
  ),
  POST: userRoute(async ({ req, params, user }) => {
    const id = parseId(params.id, "License");
    const input = await parseJsonBody(req, addLicenseContentSchema);
    return created(toLicenseContentDto(await addLicenseContent(user.id, id, input)));
  }),
});
