import { toIsoDate } from "@/lib/scrapers/extract/dates";
import { find, findDate, heading, labelled, labelledValues, primaryLink, textOf } from "@/lib/scrapers/extract/html";
import { parseDecimal } from "@/lib/scrapers/extract/numbers";
import { normalizeCurrency, parsePrice } from "@/lib/scrapers/extract/price";
import { blockText, plainText } from "@/lib/scrapers/extract/text";
import { child, children, link, raw, type Thing, text, texts } from "@/lib/scrapers/extract/things";
import { emptyBaseItem, type JobItem, type Salary } from "@/lib/scrapers/types";
import { addressOf, htmlDescription, metaBasics } from "./common";
import type { KindExtractor } from "./extractor";

const EMPLOYMENT_TYPES: [RegExp, string][] = [
  [/full[\s_-]?time|vollzeit|temps plein|cdi/i, "FULL_TIME"],
  [/part[\s_-]?time|teilzeit|temps partiel/i, "PART_TIME"],
  [/contract(or)?|freelance|befristet/i, "CONTRACTOR"],
  [/temporary|temp\b|interim/i, "TEMPORARY"],
  [/intern(ship)?|praktikum|stage\b/i, "INTERN"],
  [/volunteer/i, "VOLUNTEER"],
  [/per[\s_-]?diem/i, "PER_DIEM"],
];
const UNITS: [RegExp, string][] = [
  [/hour|hr\b|hourly|stunde/i, "HOUR"],
  [/\bday|daily|tag\b/i, "DAY"],
  [/week/i, "WEEK"],
  [/month|monat|mois/i, "MONTH"],
  [/year|yr\b|annum|annual|jahr|\ban\b|\bp\.a\./i, "YEAR"],
];
// The text after the first "<number> – " of a range.
const RANGE = /\d[\d.,'’\u00a0 ]*[kK]?\s*(?:-|–|—|to|bis|à)\s*(.*)$/i;

export const jobExtractor: KindExtractor<JobItem> = {
  types: [["JobPosting"]],
  keyFields: ["company", "location", "employment_type", "salary", "date_posted"],
  ogTypes: /^(?:job|jobposting|job_posting)$/i,

  empty: () => ({
    ...emptyBaseItem(),
    company: null,
    location: null,
    employment_type: null,
    salary: null,
    date_posted: null,
    valid_through: null,
    phone: null,
    email: null,
  }),

  fromThing(thing: Thing, page) {
    return {
      title: text(thing, "title", "name"),
      description: plainText(raw(thing, "description")),
      company: text(thing, "hiringOrganization"),
      location: locationOf(thing),
      employment_type: employmentType(texts(thing, "employmentType").join(", ")),
      salary: salaryOf(child(thing, "baseSalary", "estimatedSalary")) ?? parseSalary(raw(thing, "baseSalary", "estimatedSalary")),
      date_posted: toIsoDate(raw(thing, "datePosted")),
      valid_through: toIsoDate(raw(thing, "validThrough")),
      phone:
        contactPoints(thing)
          .map((point) => text(point, "telephone"))
          .find(Boolean) ?? null,
      email: emailAddress(
        contactPoints(thing)
          .map((point) => text(point, "email"))
          .find(Boolean) ?? null,
      ),
      url: link(thing, page.url, "url"),
    };
  },

  fromMeta: (page) => {
    const { image: _image, ...basics } = metaBasics(page);
    return basics;
  },

  fromHtml(scope, page, { detail }) {
    const labels = labelledValues(page, scope);
    const part = (selector: string) => textOf(find(page, scope, selector)[0]);
    const salaryText = labelled(labels, "salary", "pay", "compensation", "gehalt", "salaire") ?? part('[class*="salary" i]');
    const facts = blockText(scope, (element) => element.name === "nav" || element.name === "footer") ?? "";
    return {
      title: heading(page, scope),
      company:
        labelled(labels, "company", "employer", "hiring company", "organization") ??
        part('[class*="company" i], [class*="employer" i]'),
      location: labelled(labels, "location", "job location", "office", "standort") ?? part('[class*="location" i]'),
      employment_type: employmentType(
        labelled(labels, "employment type", "job type", "contract type", "type") ??
          part('[class*="type" i]') ??
          facts.slice(0, 2000),
      ),
      salary: parseSalary(salaryText),
      date_posted: toIsoDate(labelled(labels, "posted", "date posted", "published") ?? findDate(page, scope)),
      valid_through: toIsoDate(labelled(labels, "apply by", "closing date", "deadline", "valid through", "expires")),
      phone: phoneNumber(
        find(page, scope, 'a[href^="tel:" i]')[0]?.attribs.href ??
          labelled(labels, "phone", "telephone", "tel", "tel.", "contact phone", "telefon", "téléphone") ??
          labelledMatching(labels, PHONE_LABEL, PHONE),
      ),
      email: emailAddress(
        find(page, scope, 'a[href^="mailto:" i]')[0]?.attribs.href ??
          labelled(labels, "email", "e-mail", "contact email", "apply to", "contact") ??
          labelledMatching(labels, EMAIL_LABEL, EMAIL) ??
          EMAIL.exec(textOf(find(page, scope, '[class*="contact" i]')[0]) ?? "")?.[0] ??
          null,
      ),
      description: htmlDescription(page, scope, detail, '[class*="job-body" i]'),
      url: detail ? null : primaryLink(page, scope),
    };
  },

  isCard: (card, page) =>
    find(page, card, "h2, h3, h4, [class*='title' i]").length > 0 &&
    find(page, card, '[class*="company" i], [class*="location" i], [class*="salary" i], [class*="employer" i]').length > 0,
};

/** Where a posting names its contact: applicationContact, else the hiring organization's contactPoint. */
function contactPoints(thing: Thing): Thing[] {
  return [...children(thing, "applicationContact"), ...children(child(thing, "hiringOrganization"), "contactPoint")];
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PHONE = /\+?\(?\d[\d\s()./-]{5,}\d/;
/** Labels of a line that gives the contact's e-mail or phone in other words ("Candidatures par e-mail", "Tel. Bewerbung"). */
const EMAIL_LABEL = /e-?mail|courriel|correo|apply|candidat|bewerb|contact|kontakt/i;
const PHONE_LABEL = /phone|tel\b|tél|telefon|teléfono|telefone|telefono|電話|전화/i;

/** The first labelled value whose label matches `label` and whose value holds what `value` finds. */
function labelledMatching(labels: Map<string, string>, label: RegExp, value: RegExp): string | null {
  for (const [key, text] of labels) if (label.test(key) && value.test(text)) return text;
  return null;
}

/** An e-mail address from a mailto: link or a text ("Send your CV to jobs@acme.example."). */
function emailAddress(value: string | null): string | null {
  return value ? (EMAIL.exec(safeDecode(value.replace(/^mailto:/i, "").split("?")[0] ?? ""))?.[0] ?? null) : null;
}

/** A phone number as written, from a tel: link or a text ("Call +44 20 7946 0000"). */
function phoneNumber(value: string | null): string | null {
  if (!value) return null;
  const number = PHONE.exec(safeDecode(value.replace(/^tel:/i, "")))?.[0]?.trim();
  return number && number.replace(/\D/g, "").length >= 6 ? number : null;
}

/** A link's percent-encoded text, left as it is when the encoding is broken. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function locationOf(thing: Thing): string | null {
  const places = children(thing, "jobLocation")
    .map((place) => addressOf(place, "address") ?? text(place, "name"))
    .filter(Boolean);
  const remote = texts(thing, "jobLocationType").some((type) => /telecommute|remote/i.test(type));
  const required = texts(thing, "applicantLocationRequirements");
  const parts = [...new Set(places), ...(remote ? [required.length ? `Remote (${required.join(", ")})` : "Remote"] : [])];
  return parts.length > 0 ? parts.join("; ") : null;
}

function employmentType(value: string | null): string | null {
  if (!value) return null;
  const found = EMPLOYMENT_TYPES.filter(([pattern]) => pattern.test(value)).map(([, name]) => name);
  if (found.length > 0) return found.join(", ");
  return /^[A-Z_]+(,\s*[A-Z_]+)*$/.test(value) ? value : null;
}

/** schema.org MonetaryAmount: {currency, value: QuantitativeValue {minValue, maxValue, value, unitText}}. */
function salaryOf(amount: Thing | null): Salary | null {
  if (!amount) return null;
  const value = child(amount, "value");
  const single = parseDecimal(raw(value, "value") ?? raw(amount, "value"));
  const min = parseDecimal(raw(value, "minValue") ?? raw(amount, "minValue")) ?? single;
  const max = parseDecimal(raw(value, "maxValue") ?? raw(amount, "maxValue")) ?? single;
  if (min === null && max === null) return null;
  return {
    min,
    max,
    currency: normalizeCurrency(raw(amount, "currency")),
    unit: raw(value, "unitText")?.toUpperCase() ?? raw(amount, "unitText")?.toUpperCase() ?? null,
  };
}

/** "$90,000 – $120,000 a year", "€45k–55k per year", "£15/hour". */
export function parseSalary(text: string | null): Salary | null {
  const low = parsePrice(text);
  if (!text || !low) return null;
  const rest = RANGE.exec(text)?.[1];
  const high = rest ? parsePrice(rest, { allowBare: true }) : null;
  return {
    min: low.amount,
    max: high && high.amount >= low.amount ? high.amount : low.amount,
    currency: low.currency,
    unit: UNITS.find(([pattern]) => pattern.test(text))?.[1] ?? null,
  };
}
