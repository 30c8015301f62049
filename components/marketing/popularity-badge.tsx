import { Badge } from "@/components/ui/badge";
import type { Popularity } from "@/lib/catalogue/popularity";

/** docs/product.md#scraper-detail: green for 'Popular', blue for 'New'. */
export function PopularityBadge({ popularity }: { popularity: Popularity }) {
  return <Badge variant={popularity === "Popular" ? "green" : "blue"}>{popularity}</Badge>;
}
