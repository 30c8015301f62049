import "server-only";
import { db } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { publicEnv } from "@/lib/infra/public-env";
import { isResultRetained } from "./retention";

// A rendered run's screenshot (`screenshot` on the run): its PNG in the database, one row per run, so any instance
// serves it; deleted with the run's results when the retention period is over (lib/runs/retention.ts).

const noScreenshot = () => new AppError("not_found", "You have no run with this id, or it has no screenshot.");

/** Where a run's screenshot is read: GET /api/runs/{id}/screenshot, absolute on the app's public origin. */
export function runScreenshotUrl(runId: number): string {
  return new URL(`/api/runs/${runId}/screenshot`, publicEnv.APP_URL).href;
}

/** Keeps a run's screenshot (the worker, before it records the run's success). */
export async function saveRunScreenshot(runId: number, png: Uint8Array<ArrayBuffer>): Promise<void> {
  await db.runScreenshot.upsert({ where: { runId }, create: { runId, png }, update: { png } });
}

/** Forgets a run's screenshot (its success was not recorded: a cancel came first). */
export async function deleteRunScreenshot(runId: number): Promise<void> {
  await db.runScreenshot.deleteMany({ where: { runId } });
}

/** The PNG of `userId`'s successful run `runId`, while its results are kept; not_found otherwise (anyone else's too). */
export async function getRunScreenshot(userId: number, runId: number): Promise<Uint8Array> {
  const shot = await db.runScreenshot.findFirst({
    where: { runId, run: { userId, status: "success" } },
    select: { png: true, run: { select: { createdAt: true } } },
  });
  if (!shot || !isResultRetained(shot.run.createdAt)) throw noScreenshot();
  return shot.png;
}
