import { z } from "zod";

/** POST /api/auth/logout: `{}` ends this session; `{"everywhere": true}` ends every session and API token of the user. */
export const logoutSchema = z.object({
  everywhere: z.boolean({ error: "everywhere must be true or false" }).optional(),
});
