import { revalidateCatalogueOperation } from "@/lib/catalogue/operations";
import { serve } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(revalidateCatalogueOperation);
