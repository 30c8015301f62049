// The fetcher's caps that other code sizes itself by, in a module of their own: the extraction thread's bundle
// reads them without loading the fetcher (undici, the environment).

/** The largest page the fetcher reads (decoded body): a longer one fails too_large before it is parsed. */
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
