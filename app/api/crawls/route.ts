import { startCrawlOperation } from "@/lib/crawls/operations";
import { serve } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(startCrawlOperation);
