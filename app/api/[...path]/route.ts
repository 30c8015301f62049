import { AppError, forEveryMethod, route } from "@/lib/http";

// Unknown API paths answer the JSON error shape, not the HTML not-found page.
const noSuchEndpoint = route(async () => {
  throw new AppError("not_found", "No API endpoint at this path. See /api-docs.");
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = forEveryMethod(noSuchEndpoint);
