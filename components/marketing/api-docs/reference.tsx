import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { EndpointCard } from "./endpoint-card";
import { REFERENCE_TABS } from "./endpoints";

// Every tab is rendered into the static HTML (forceMount) so the whole reference is searchable and readable
// without JavaScript; inactive tabs are only hidden.
export function ApiReference() {
  return (
    <Tabs defaultValue="scrapers">
      <TabsList aria-label="API reference sections">
        {REFERENCE_TABS.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {REFERENCE_TABS.map((tab) => (
        <TabsContent key={tab.value} value={tab.value} forceMount className="data-[state=inactive]:hidden">
          <h3 className="sr-only">{tab.label}</h3>
          <p className="text-slate-700">{tab.intro}</p>
          <div className="mt-6 space-y-6">
            {tab.endpoints.map((endpoint) => (
              <EndpointCard key={`${endpoint.method} ${endpoint.path}`} endpoint={endpoint} />
            ))}
          </div>
        </TabsContent>
      ))}
    </Tabs>
  );
}
