// Not a client module: the root layout (a server component) reads the head script from here.

/** docs/product.md#cookie-consent: the choice is stored in the browser as 'true' (Accept All) or 'false' (Decline). */
export const COOKIE_CONSENT_KEY = "cookie-consent";
export type CookieConsent = "true" | "false";
/** The banner's id; app/globals.css hides it once the document is marked with COOKIE_CHOICE_ATTRIBUTE. */
export const COOKIE_BANNER_ID = "cookie-banner";
/** Set on <html> before the first paint when a choice is stored (cookieChoiceScript). */
export const COOKIE_CHOICE_ATTRIBUTE = "data-cookie-choice";

/**
 * The root layout's inline head script: marks the document when a choice is stored, before anything paints, so a
 * returning visitor never sees the server-rendered banner flash. A storage failure leaves the banner showing.
 */
export const cookieChoiceScript = `try{var c=localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)});if(c==="true"||c==="false")document.documentElement.setAttribute(${JSON.stringify(COOKIE_CHOICE_ATTRIBUTE)},"")}catch(e){}`;
