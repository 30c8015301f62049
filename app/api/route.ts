// Bare /api answers like any unknown API path: the JSON 404 of the catch-all below it.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "./[...path]/route";
