"use client";

import { Button } from "@/components/ui/button";
import { useLogout } from "./use-logout";

/** Dashboard: ends every session and API token of the account, on every device (docs/architecture.md#sessions). */
export function LogoutEverywhereButton() {
  const logout = useLogout();
  return (
    <Button variant="outline" size="sm" onClick={() => logout({ everywhere: true })}>
      Log out everywhere
    </Button>
  );
}
