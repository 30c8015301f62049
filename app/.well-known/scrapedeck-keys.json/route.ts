import { serve } from "@/lib/http";
import { getSigningKeysOperation } from "@/lib/licenses/operations";

// The public keys of signed answers and license files (docs/api.md#signed-answers): outside /api, where RFC 8615 puts
// well-known documents, served by the route kit like any operation.
export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(getSigningKeysOperation);
