import { methods } from "@/lib/http";
import { batchEndpoint } from "./endpoint";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  { POST: batchEndpoint() },
  {
    GET: 'Submit a batch with POST to this address, an "Authorization: Bearer <your API key>" header and a JSON body such as {"urls": ["https://example.com/a", "https://example.com/b"]}; see /api-docs.',
  },
);
