import Link from "next/link";
import { HeaderAuthActions } from "@/components/auth/header-auth-actions";
import { site } from "@/lib/config/site";
import { GridIcon } from "./icons";
import { MobileNav } from "./mobile-nav";
import { NavLinks } from "./nav-links";

/** The sticky site header (docs/product.md#shared-frame). Only the links and the auth actions are client islands. */
export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4">
        {/* Links on the first screen of every page do not prefetch: fetching and decoding another page's payload right
            after load is main-thread work that competes with hydration (Total Blocking Time); a click still loads it. */}
        <Link
          href="/"
          prefetch={false}
          className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900"
        >
          <span className="inline-flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white">
            <GridIcon width={18} height={18} />
          </span>
          {site.name}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks orientation="horizontal" />
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <HeaderAuthActions />
        </div>
        <MobileNav />
      </div>
    </header>
  );
}
