import type { NavLink } from "@/lib/config/site";

/**
 * "On this page": links to a long page's sections, in a bar that stays under the site header while the page
 * scrolls. On a phone the links scroll sideways in one compact row. Plain links, no script.
 */
export function PageNav({ links }: { links: readonly NavLink[] }) {
  return (
    <nav
      aria-label="On this page"
      className="sticky top-16 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80"
    >
      <ul className="mx-auto flex w-full max-w-6xl gap-1 overflow-x-auto px-4 py-2 text-sm whitespace-nowrap">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="inline-flex h-9 items-center rounded-md px-3 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
