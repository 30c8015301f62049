import { Badge } from "@/components/ui/badge";

/** docs/product.md#scraper-detail: green for 'Popular', blue for any other value such as 'New'. */
export function PopularityBadge({ popularity }: { popularity: string }) {
  return <Badge variant={popularity === "Popular" ? "green" : "blue"}>{popularity}</Badge>;
}
