// Bench only (npm run bench:hot's unsigned verify row): loaded into an app with NODE_OPTIONS="--import <this file>",
// it makes the edge's copy of lib/http/signed.ts (loaded by tsx, the one the fast paths use) hand answers back
// unsigned, so that the same checkout, build and code path are measured with and without the signature, side by
// side. The app itself has no switch for this on purpose: its answers are always signed
// (docs/decisions.md#signed-verification-answers). The bench checks that this app's answers carry no Signature and
// the real one's do, so a hook that stopped matching is an error, not a row of signed figures under the wrong name.
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(`
export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.split("?")[0].endsWith("/lib/http/signed.ts") || loaded.source == null) return loaded;
  const source = String(loaded.source);
  const signature = /export (?:async )?function signAnswer\\([^)]*\\)[^{]*\\{/;
  if (!signature.test(source)) throw new Error("unsigned-answers: signAnswer not found in " + url);
  return { ...loaded, source: source.replace(signature, (head) => head + " return answer;") };
}
`)}`,
);
