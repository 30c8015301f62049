"use client";

import { ApiKeysTab } from "@/components/api-keys/api-keys-tab";
import { LicensesTab } from "@/components/licenses/licenses-tab";
import { MonitorsTab } from "@/components/monitors/monitors-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { RecentRuns } from "./recent-runs";
import { ScrapersTab } from "./scrapers-tab";
import { UsageSummary } from "./usage-summary";

export function DashboardView() {
  return (
    <div className="mt-6 space-y-4">
      {/* docs/product.md#dashboard: on a phone the tabs sit in the first screen, so the summary is one compact line
          and recent runs live in the scrapers tab, after the list. */}
      <UsageSummary />
      <Tabs defaultValue="scrapers">
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="scrapers">Available Scrapers</TabsTrigger>
          <TabsTrigger value="api-keys">API Keys</TabsTrigger>
          <TabsTrigger value="licenses">Licenses</TabsTrigger>
          <TabsTrigger value="monitors">Monitors</TabsTrigger>
        </TabsList>
        <TabsContent value="scrapers" className="space-y-6">
          <ScrapersTab />
          <RecentRuns />
        </TabsContent>
        <TabsContent value="api-keys">
          <ApiKeysTab />
        </TabsContent>
        <TabsContent value="licenses">
          <LicensesTab />
        </TabsContent>
        <TabsContent value="monitors">
          <MonitorsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
