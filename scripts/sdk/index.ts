// npm run sdk:generate — writes the SDKs' generated files from the API contract: the TypeScript SDK's types and
// verifiers (scripts/sdk/typescript.ts), the Python SDK's operations (scripts/sdk/python.ts) and the verifiers' shared
// test vectors (scripts/sdk/vectors.ts). npm run sdk:check (`--check`, in CI) regenerates them in memory and fails
// when a committed file differs, is missing or is left over: an API change without its SDKs does not pass.
import "../load-env";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/api/document";
import { pythonOperations } from "./python";
import { SDK_DIR, typescriptSdkFiles } from "./typescript";
import { testVectors } from "./vectors";

const root = path.resolve(import.meta.dirname, "..", "..");
process.chdir(root);

/** Folders that hold only generated files: anything else in them is left over from an earlier contract. */
const GENERATED_DIRS = [path.join(SDK_DIR, "src", "generated"), path.join(SDK_DIR, "src", "verify")];

const document = JSON.parse(JSON.stringify(buildOpenApiDocument()));
const files = new Map<string, string>([
  ...typescriptSdkFiles(document),
  [path.join("sdk", "python", "scrapedeck", "_operations.py"), pythonOperations(document)],
  [path.join("sdk", "test-vectors.json"), testVectors()],
]);

if (process.argv.includes("--check")) {
  const problems: string[] = [];
  for (const [file, text] of files) {
    if (!existsSync(file)) problems.push(`${file}: missing`);
    else if (readFileSync(file, "utf8") !== text) problems.push(`${file}: differs from what the contract generates`);
  }
  for (const dir of GENERATED_DIRS) {
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      if (!files.has(path.join(dir, name))) problems.push(`${path.join(dir, name)}: not generated any more`);
    }
  }
  if (problems.length > 0) {
    console.error(
      `The committed SDKs are not what the contract generates:\n  ${problems.join("\n  ")}\nRun npm run sdk:generate and commit.`,
    );
    process.exit(1);
  }
  console.log(`SDKs current: ${files.size} generated files match the contract.`);
} else {
  for (const [file, text] of files) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  console.log(`Wrote ${files.size} generated SDK files.`);
}
