"use client";

import { useApiBaseUrl } from "@/components/site/use-origin";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { type CodeLanguage, runCodeExamples } from "../api-samples";
import { CodeBlock } from "../code-block";

const LANGUAGES: ReadonlyArray<{ value: CodeLanguage; label: string }> = [
  { value: "javascript", label: "JavaScript" },
  { value: "python", label: "Python" },
  { value: "php", label: "PHP" },
];

export function CodeExamples() {
  const examples = runCodeExamples(useApiBaseUrl());
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
        <TabsContent key={language.value} value={language.value} forceMount className="data-[state=inactive]:hidden">
          <CodeBlock label={`${language.label} example`} language={language.value} code={examples[language.value]} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
