import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";

type Segment = { params: Promise<{ nextauth: string[] }> };

// Options are built per request so that the secret is read at run time, never at build time.
function handler(req: NextRequest, segment: Segment) {
  return NextAuth(req, segment, authOptions());
}

export { handler as GET, handler as POST };
