// The API reference of /api-docs (docs/product.md#api-documentation-page, docs/product.md#api-calls).
// Texts only: rendered by reference.tsx.
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { site } from "@/lib/config/site";
import { SAMPLE_RUN_RESPONSE } from "../api-samples";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface EndpointDoc {
  method: HttpMethod;
  path: string;
  summary: string;
  auth: "None" | "API key" | "Session or bearer JWT";
  body?: string;
  response: string;
  errors: ReadonlyArray<readonly [status: number, meaning: string]>;
}

export interface ReferenceTab {
  value: string;
  label: string;
  intro: string;
  endpoints: readonly EndpointDoc[];
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

const example = CATALOGUE[0];
const exampleScraper = {
  id: 1,
  name: example?.name,
  description: example?.description,
  category: example?.category,
  endpoint: "/api/scrapers/1/run",
  popularity: example?.popularity,
  users: example?.baseUsers,
  updated: "2 days ago",
  required_plan: example?.requiredPlan,
};
const exampleUser = { id: 42, email: "ada@example.com" };
const exampleToken = "eyJhbGciOiJIUzI1NiJ9…";
const exampleKey = `${site.apiKeyPrefix}…c0de`;

export const REFERENCE_TABS: readonly ReferenceTab[] = [
  {
    value: "scrapers",
    label: "Scrapers",
    intro: "Browse the catalogue, then run a scraper on a page with your API key.",
    endpoints: [
      {
        method: "GET",
        path: "/api/scrapers",
        summary: "Lists every scraper in the catalogue.",
        auth: "None",
        response: json([exampleScraper]),
        errors: [],
      },
      {
        method: "GET",
        path: "/api/scrapers/{id}",
        summary: "One scraper, with its parameters and an example URL.",
        auth: "None",
        response: json({ ...exampleScraper, parameters: example?.parameters, example_url: example?.exampleUrl }),
        errors: [[404, "No scraper has this id."]],
      },
      {
        method: "POST",
        path: "/api/scrapers/{id}/run",
        summary:
          "Fetches the page at url and returns the items found on it. Products and restaurants also accept include_reviews.",
        auth: "API key",
        body: json({ url: example?.exampleUrl, include_reviews: false }),
        response: SAMPLE_RUN_RESPONSE,
        errors: [
          [400, "The body is not valid JSON or url is not an http(s) address."],
          [401, "The API key is missing, malformed or deleted."],
          [402, "Your plan's monthly quota of successful runs is used up."],
          [403, "Your plan does not include this scraper."],
          [404, "No scraper has this id."],
          [422, "The address is private or internal, or the page is not HTML."],
          [429, "Too many requests per minute, or too many runs at once. Wait for Retry-After seconds."],
          [502, "The target site answered with an error or could not be reached."],
          [504, "The target site took too long to answer."],
        ],
      },
    ],
  },
  {
    value: "authentication",
    label: "Authentication",
    intro:
      "Accounts and sessions. Login and register return a short-lived token: send it as Authorization: Bearer <token> to manage API keys and licenses from your own code.",
    endpoints: [
      {
        method: "POST",
        path: "/api/auth/register",
        summary: "Creates an account (password of at least 8 characters) and returns a token for API calls.",
        auth: "None",
        body: json({ email: exampleUser.email, password: "correct horse battery" }),
        response: json({ token: exampleToken, user: exampleUser }),
        errors: [
          [400, "Invalid email address or password too short."],
          [409, "An account with this email already exists."],
        ],
      },
      {
        method: "POST",
        path: "/api/auth/login",
        summary: "Signs in with email and password.",
        auth: "None",
        body: json({ email: exampleUser.email, password: "correct horse battery" }),
        response: json({ token: exampleToken, user: exampleUser }),
        errors: [
          [400, "The email is not valid or the password is shorter than 6 characters."],
          [401, "Invalid email or password."],
          [429, "Too many failed attempts. Wait for Retry-After seconds."],
        ],
      },
      {
        method: "GET",
        path: "/api/auth/me",
        summary: "The signed-in user.",
        auth: "Session or bearer JWT",
        response: json(exampleUser),
        errors: [[401, "Not signed in, or the token expired."]],
      },
      {
        method: "POST",
        path: "/api/auth/logout",
        summary: "Ends the browser session by removing its cookie. Bearer tokens simply expire.",
        auth: "None",
        body: json({}),
        response: json({ message: "Logged out" }),
        errors: [],
      },
    ],
  },
  {
    value: "api-keys",
    label: "API Keys",
    intro: `Keys start with ${site.apiKeyPrefix} and are shown in full only once, when created. Lists show a masked form.`,
    endpoints: [
      {
        method: "GET",
        path: "/api/keys",
        summary: "Your API keys, newest first.",
        auth: "Session or bearer JWT",
        response: json([
          {
            id: 7,
            key: exampleKey,
            description: "Production",
            created_at: "2026-11-02T09:30:00.000Z",
            last_used_at: "2026-11-21T16:05:12.000Z",
          },
        ]),
        errors: [[401, "Not signed in."]],
      },
      {
        method: "POST",
        path: "/api/keys",
        summary: "Creates a key. The description is optional.",
        auth: "Session or bearer JWT",
        body: json({ description: "Production" }),
        response: json({
          id: 7,
          key: `${site.apiKeyPrefix}<32 hex characters><8 hex checksum>`,
          description: "Production",
          created_at: "2026-11-02T09:30:00.000Z",
        }),
        errors: [
          [400, "The description is too long."],
          [401, "Not signed in."],
          [409, "You have reached the maximum number of keys."],
        ],
      },
      {
        method: "DELETE",
        path: "/api/keys/{id}",
        summary: "Deletes a key. Calls made with it fail from that moment.",
        auth: "Session or bearer JWT",
        response: json({ message: "API key deleted" }),
        errors: [
          [401, "Not signed in."],
          [404, "You have no key with this id."],
        ],
      },
    ],
  },
  {
    value: "search",
    label: "Search",
    intro: "Finds scrapers whose name, description or category contains the query, ignoring case.",
    endpoints: [
      {
        method: "GET",
        path: "/api/search?q={query}",
        summary: "Searches the catalogue. q is required.",
        auth: "None",
        response: json([exampleScraper]),
        errors: [[400, "q is missing or blank."]],
      },
    ],
  },
];

/** The public verification call partners make (docs/product.md#license-verification), documented beside the reference. */
export const VERIFY_LICENSE: EndpointDoc = {
  method: "POST",
  path: "/api/verify-license",
  summary:
    "Checks a license key. A valid answer counts one use of the license; an invalid one says why (not found, inactive, expired or usage exceeded) and counts nothing.",
  auth: "None",
  body: json({ license_key: "LIC-9F3A-…" }),
  response: json({
    valid: true,
    code: "valid",
    message: "License is valid",
    content: ["https://cdn.example.com/ebook.pdf"],
  }),
  errors: [
    [400, "The body is not JSON or license_key is missing."],
    [429, "Too many verifications from your address. Wait for Retry-After seconds."],
  ],
};
