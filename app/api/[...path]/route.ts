import { AppError, route } from "@/lib/http";

// Unknown API paths answer the JSON error shape, not the HTML not-found page.
const noSuchEndpoint = route(async () => {
  throw new AppError("not_found", "No API endpoint at this path. See /api-docs.");
});

export const GET = noSuchEndpoint;
export const POST = noSuchEndpoint;
export const PUT = noSuchEndpoint;
export const PATCH = noSuchEndpoint;
export const DELETE = noSuchEndpoint;
