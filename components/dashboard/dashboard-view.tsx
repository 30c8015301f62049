"use client";

import { ApiKeysTab } from "@/components/api-keys/api-keys-tab";
import { LicensesTab } from "@/components/licenses/licenses-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { RecentRuns } from "./recent-runs";
import { ScrapersTab } from "./scrapers-tab";
import { UsageSummary } from "./usage-summary";

export function DashboardView() {
  return (
    <div className="mt-6 space-y-6">
      <UsageSummary />
      <RecentRuns />
      <Tabs defaultValue="scrapers">
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="scrapers">Available Scrapers</TabsTrigger>
          <TabsTrigger value="api-keys">API Keys</TabsTrigger>
          <TabsTrigger value="licenses">Licenses</TabsTrigger>
        </TabsList>
        <TabsContent value="scrapers">
          <ScrapersTab />
        </TabsContent>
        <TabsContent value="api-keys">
          <ApiKeysTab />
        </TabsContent>
        <TabsContent value="licenses">
          <LicensesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
