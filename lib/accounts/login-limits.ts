// Login throttling (lib/accounts/login.ts), in a module of its own so that tests can read it without a database.
export const LOGIN_THROTTLE_WINDOW_SECONDS = 15 * 60;
/** Failed logins allowed per account and per client address in each window. */
export const LOGIN_FAILURES_PER_EMAIL = 10;
export const LOGIN_FAILURES_PER_IP = 50;
