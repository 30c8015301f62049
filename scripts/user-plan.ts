// npm run user:plan -- <email> <free|pro|business> — moves an account to another plan (docs/product.md#plans-and-limits).
// Limits follow at once: every run reads the plan from the database.
import "./load-env";
import { isPlanId, PLAN_IDS, PLANS } from "@/lib/config/plans";
import { createDb } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";

const USAGE = `Usage: npm run user:plan -- <email> <${PLAN_IDS.join("|")}>`;

const [rawEmail, rawPlan, ...extra] = process.argv.slice(2);
if (!rawEmail || !rawPlan || extra.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
const plan = rawPlan.trim().toLowerCase();
if (!isPlanId(plan)) {
  console.error(`Unknown plan "${rawPlan}". ${USAGE}`);
  process.exit(2);
}
// Accounts store emails trimmed and lower-cased.
const email = rawEmail.trim().toLowerCase();

const db = createDb(env.DATABASE_URL);
try {
  const { count } = await db.user.updateMany({ where: { email }, data: { plan } });
  if (count === 0) {
    console.error(`No account with the email ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now on the ${PLANS[plan].name} plan.`);
  }
} finally {
  await db.$disconnect();
}
