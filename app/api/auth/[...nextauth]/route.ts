import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";
import { withSignedInHint } from "@/lib/auth/session-cookie";
import { methods } from "@/lib/http";

type Segment = { params: Promise<{ nextauth: string[] }> };

// Options are built per request so that the secret is read at run time, never at build time.
async function nextAuth(req: NextRequest, segment: Segment): Promise<Response> {
  return withSignedInHint(await NextAuth(req, segment, authOptions()));
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: nextAuth, POST: nextAuth });
