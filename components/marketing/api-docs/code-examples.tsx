"use client";

import { useOrigin } from "@/components/site/use-origin";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CodeBlock } from "../code-block";
import type { CodeLanguage, ExampleFlow, ExampleSources } from "./example-files";

const LANGUAGES: ReadonlyArray<{ value: CodeLanguage; label: string }> = [
  { value: "javascript", label: "JavaScript" },
  { value: "python", label: "Python" },
  { value: "php", label: "PHP" },
];

/** The files in examples/, as CI runs them, with the default host replaced by the one serving this page. */
export function CodeExamples({
  sources,
  flows,
  defaultOrigin,
}: {
  sources: ExampleSources;
  flows: Record<ExampleFlow, string>;
  defaultOrigin: string;
}) {
  const origin = useOrigin();
  return (
    <Tabs defaultValue="javascript">
      <TabsList aria-label="Code example languages">
        {LANGUAGES.map((language) => (
          <TabsTrigger key={language.value} value={language.value}>
            {language.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {LANGUAGES.map((language) => (
        <TabsContent key={language.value} value={language.value} forceMount className="space-y-6 data-[state=inactive]:hidden">
          {(Object.keys(flows) as ExampleFlow[]).map((flow) => (
            <div key={flow} className="min-w-0">
              <h3 className="mb-2 text-sm font-medium text-slate-800">
                {flows[flow]} <span className="font-mono text-xs text-slate-500">({sources[language.value][flow].file})</span>
              </h3>
              <CodeBlock
                label={`${language.label} example: ${flows[flow]}`}
                language={language.value}
                code={sources[language.value][flow].code.replaceAll(defaultOrigin, origin || defaultOrigin)}
              />
            </div>
          ))}
        </TabsContent>
      ))}
    </Tabs>
  );
}
