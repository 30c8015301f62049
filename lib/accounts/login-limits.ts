// Login throttling (lib/accounts/login.ts), in a module of its own so that tests can read it without a database.
export const LOGIN_THROTTLE_WINDOW_SECONDS = 15 * 60;
/** Failed logins allowed for one account from one client address in each window: what stops a guesser. */
export const LOGIN_FAILURES_PER_EMAIL_AND_IP = 10;
/**
 * Failed logins allowed for one account from all addresses together. Past it, only an address that has not failed
 * for the account in the window may still try, so guessing from many addresses slows to one try per address while
 * the owner, from an address that is not guessing, still gets in with the right password.
 */
export const LOGIN_FAILURES_PER_EMAIL = 30;
/** Failed logins allowed from one client address across all accounts. */
export const LOGIN_FAILURES_PER_IP = 50;
