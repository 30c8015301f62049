import type { Element } from "domhandler";
import { find, heading, image, labelled, labelledValues, primaryLink, textOf } from "@/lib/scrapers/extract/html";
import { parseCount } from "@/lib/scrapers/extract/numbers";
import type { Page } from "@/lib/scrapers/extract/page";
import { blockText, cleanText, plainText, textContent } from "@/lib/scrapers/extract/text";
import { absoluteUrl, children, hasType, link, raw, type Thing, text } from "@/lib/scrapers/extract/things";
import { emptyBaseItem, type SocialProfileItem } from "@/lib/scrapers/types";
import { metaBasics } from "./common";
import type { KindExtractor } from "./extractor";

const PROFILE_TYPES = new Set(["Person", "Organization", "Corporation", "Brand", "NGO", "LocalBusiness"]);
const COUNT_WORDS = {
  followers: /followers|abonnenten|abonnés|seguidores|subscribers/i,
  following: /following|folgt|abonnements|seguidos/i,
  posts: /posts|tweets|photos|videos|beiträge|publications|publicaciones/i,
};
type CountField = keyof typeof COUNT_WORDS;

export const socialProfileExtractor: KindExtractor<SocialProfileItem> = {
  types: [["Person"]],
  keyFields: ["handle", "followers", "following", "posts"],
  ogTypes: /^(?:profile|og:profile)$/i,

  // A profile page's subject is its ProfilePage's mainEntity; the site's own Organization markup is not it.
  entities(page) {
    const profiles = page.things.filter((thing) => hasType(thing, new Set(["ProfilePage"])));
    const subjects = profiles.flatMap((profile) => children(profile, "mainEntity", "about"));
    if (subjects.length > 0) return subjects.filter((subject) => hasType(subject, PROFILE_TYPES));
    return page.things.filter((thing) => hasType(thing, new Set(["Person"])));
  },

  empty: () => ({
    ...emptyBaseItem(),
    handle: null,
    followers: null,
    following: null,
    posts: null,
    image: null,
  }),

  fromThing(thing: Thing, page) {
    return {
      title: text(thing, "name"),
      handle: cleanHandle(text(thing, "alternateName", "additionalName", "identifier")),
      description: plainText(raw(thing, "description", "disambiguatingDescription")),
      image: link(thing, page.url, "image", "logo"),
      url: link(thing, page.url, "url"),
      followers: interactionCount(thing, "interactionStatistic", "FollowAction"),
      following: interactionCount(thing, "agentInteractionStatistic", "FollowAction"),
      posts: interactionCount(thing, "agentInteractionStatistic", "WriteAction"),
    };
  },

  fromMeta(page) {
    const { meta } = page;
    const basics = metaBasics(page);
    const summary = basics.description ?? "";
    // "Name (@handle) • Site photos and videos": the name and handle, without the site's wording.
    const titled = /\(@([\w.]+)\)/.exec(basics.title ?? meta.title ?? "")?.[1];
    return {
      ...basics,
      title:
        basics.title
          ?.replace(/\s*\(@[^)]+\)/, "")
          .split(/\s+[|•·]\s+/)[0]
          ?.trim() ?? null,
      handle: cleanHandle(meta.get("profile:username") ?? titled ?? meta.get("twitter:creator")),
      followers: countIn(summary, "followers"),
      following: countIn(summary, "following"),
      posts: countIn(summary, "posts"),
    };
  },

  fromHtml(scope, page, { detail }) {
    const text = blockText(scope, (element) => element.name === "nav" || element.name === "footer") ?? "";
    const labels = labelledValues(page, scope);
    const count = (field: CountField) =>
      countIn(text, field) ?? parseCount(labelled(labels, ...labelsFor(field)) ?? undefined) ?? null;
    const handleElement = find(page, scope, '[class*="handle" i], [class*="username" i], [class*="screen-name" i]')[0];
    return {
      title: textOf(find(page, scope, '[class*="display-name" i], [class*="fullname" i]')[0]) ?? heading(page, scope),
      handle: cleanHandle(textOf(handleElement) ?? /(?:^|\s)@([A-Za-z0-9_.]{2,30})\b/.exec(text)?.[1]),
      description: textOf(find(page, scope, '[class*="bio" i], [class*="description" i], [class*="about" i]')[0]),
      image: avatar(page, scope),
      followers: count("followers"),
      following: count("following"),
      posts: count("posts"),
      url: detail ? null : primaryLink(page, scope),
    };
  },

  isCard: (card) => /@[A-Za-z0-9_.]{2,}|followers/i.test(textContent(card)),
};

function cleanHandle(value: string | null | undefined): string | null {
  const handle = cleanText(value)?.replace(/^@/, "");
  return handle && /^[\w.-]{1,50}$/.test(handle) ? handle : null;
}

/** InteractionCounter.userInteractionCount for one action type (FollowAction, WriteAction, …). */
function interactionCount(thing: Thing, property: string, action: string): number | null {
  for (const counter of children(thing, property)) {
    const type = counter.props.interactionType?.[0];
    const name = typeof type === "string" ? type.replace(/^.*[/:]/, "") : type?.types[0];
    if (name === action) return parseCount(raw(counter, "userInteractionCount"));
  }
  return null;
}

/** "12.3K Followers", "Followers: 12,345", "1,024 posts". */
function countIn(text: string, field: CountField): number | null {
  const words = COUNT_WORDS[field].source;
  const before = new RegExp(`(\\d[\\d.,\\u00a0 ]*(?:k|m|b|mio\\.?)?)\\s*(?:${words})\\b`, "i").exec(text);
  if (before?.[1]) return parseCount(before[1]);
  const after = new RegExp(`(?:${words})\\s*:?\\s*(\\d[\\d.,]*\\s?(?:k|m|b)?)\\b`, "i").exec(text);
  return after?.[1] ? parseCount(after[1]) : null;
}

function labelsFor(field: CountField): string[] {
  return { followers: ["followers", "subscribers"], following: ["following"], posts: ["posts", "tweets"] }[field];
}

function avatar(page: Page, scope: Element): string | null {
  const element = find(page, scope, 'img[class*="avatar" i], img[class*="profile" i], [class*="avatar" i] img')[0];
  return absoluteUrl(element?.attribs.src, page.url) ?? image(page, scope);
}
