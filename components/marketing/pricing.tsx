import Link from "next/link";
import { CheckIcon, CloseIcon } from "@/components/site/icons";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { planFeatures } from "@/lib/catalogue/plan-features";
import { PLAN_LIST } from "@/lib/config/plans";
import { planPrice } from "./plan-text";
import { Section } from "./section";

/** docs/product.md#plans-and-limits, read from the one plan table (lib/config/plans.ts). */
export function Pricing() {
  return (
    <Section
      id="pricing"
      eyebrow="Pricing"
      title="Simple, transparent pricing"
      intro="Start free and upgrade when your project grows. Only successful runs count against your quota."
      className="bg-slate-50"
    >
      {/* One column per plan on wide screens, however many plans the table holds. */}
      <ul className="grid gap-6 lg:grid-flow-col lg:auto-cols-fr">
        {PLAN_LIST.map((plan) => (
          <li
            key={plan.id}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm",
              plan.popular ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200",
            )}
          >
            <div className="flex items-center justify-between">
              <h3 id={`plan-${plan.id}`} className="text-xl font-semibold">
                {plan.name}
              </h3>
              {plan.popular ? <Badge>Popular</Badge> : null}
            </div>
            <p className="mt-2 text-sm text-slate-600">{plan.description}</p>
            <p className="mt-6">
              <span className="text-4xl font-bold tracking-tight">{planPrice(plan)}</span>
              <span className="text-slate-600">/month</span>
            </p>
            <ul className="mt-8 flex-1 space-y-3 text-sm">
              {planFeatures(plan).map((feature) => (
                <li key={feature.text} className={cn("flex items-start gap-3", !feature.included && "text-slate-500")}>
                  {feature.included ? (
                    <CheckIcon className="mt-0.5 shrink-0 text-green-600" />
                  ) : (
                    <CloseIcon className="mt-0.5 shrink-0 text-slate-400" />
                  )}
                  <span>
                    <span className="sr-only">{feature.included ? "Included: " : "Not included: "}</span>
                    {feature.text}
                  </span>
                </li>
              ))}
            </ul>
            <ButtonLink href="/register" prefetch={false} variant={plan.popular ? "primary" : "outline"} className="mt-8">
              {plan.priceUsd === 0 ? "Start for free" : `Choose ${plan.name}`}
            </ButtonLink>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center text-slate-600">
        Need higher limits or a custom contract?{" "}
        <Link href="/contact" className="font-medium text-brand-700 underline underline-offset-2">
          Talk to us about enterprise pricing
        </Link>
        .
      </p>
    </Section>
  );
}
