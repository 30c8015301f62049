// Kept apart from the schemas so that the login form names them without loading zod with the page.

/** The error next-auth's signIn reports when login attempts are throttled (thrown by the credentials provider). */
export const LOGIN_THROTTLED_ERROR = "TooManyLoginAttempts";
export const LOGIN_THROTTLED_MESSAGE = "Too many login attempts. Please try again later.";
