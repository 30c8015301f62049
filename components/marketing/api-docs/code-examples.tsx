import { CodeBlock } from "@/components/marketing/code-block";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { type CodeLanguage, EXAMPLE_DEFAULT_ORIGIN, EXAMPLE_FLOWS, type ExampleFlow, readExamples } from "./example-files";
import { OnThisHost } from "./on-this-host";

const LANGUAGES: ReadonlyArray<{ value: CodeLanguage; label: string }> = [
  { value: "javascript", label: "JavaScript" },
  { value: "python", label: "Python" },
  { value: "php", label: "PHP" },
];

/**
 * The files in examples/, as CI runs them, highlighted on the server (each sent to the browser once, as markup); the
 * browser puts the origin serving the page in place of the files' default host. Only the tabs and the copy buttons
 * are client components.
 */
export function CodeExamples() {
  const sources = readExamples();
  return (
    <OnThisHost placeholder={EXAMPLE_DEFAULT_ORIGIN}>
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
            {(Object.keys(EXAMPLE_FLOWS) as ExampleFlow[]).map((flow) => (
              <div key={flow} className="min-w-0">
                <h3 className="mb-2 text-sm font-medium text-slate-800">
                  {EXAMPLE_FLOWS[flow]}{" "}
                  <span className="font-mono text-xs text-slate-500">({sources[language.value][flow].file})</span>
                </h3>
                <CodeBlock
                  label={`${language.label} example: ${EXAMPLE_FLOWS[flow]}`}
                  language={language.value}
                  code={sources[language.value][flow].code}
                />
              </div>
            ))}
          </TabsContent>
        ))}
      </Tabs>
    </OnThisHost>
  );
}
