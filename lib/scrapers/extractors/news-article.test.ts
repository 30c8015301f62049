import { describe, expect, it } from "vitest";
import { fieldScraper, fixtureSite } from "@/test/support/fixture-site";
import { extractFromHtml } from "../engine";

const site = fixtureSite();
const scrape = fieldScraper("news_article", site);
const nulls = { price: null, rating: null, reviews: null };

describe("news article extractor", () => {
  it("reads JSON-LD (authors, publisher, ImageObject) and finds the main text among page furniture", async () => {
    expect(await scrape("jsonld.html")).toEqual([
      {
        ...nulls,
        title: "City council approves 24-hour bus lanes on Main Street",
        description: "The 7–2 vote ends a two-year fight over the corridor.",
        url: "https://rivertonledger.example/2026/11/19/main-street-bus-lanes",
        author: "Dana Whitfield, Omar Reyes",
        published_at: "2026-11-19T22:32:00.000Z",
        publisher: "The Riverton Ledger",
        image: "https://cdn.rivertonledger.example/2026/11/main-street-bus.jpg",
        body: [
          "The Riverton City Council voted 7–2 on Tuesday to make the bus lanes on Main Street permanent and to run them around the clock, ending a two-year fight over the corridor.",
          "Supporters said the lanes, first painted as a pilot in 2024, cut average trip times on the No. 4 bus by nine minutes, according to figures from the transit authority.",
          "Business owners on the east end of the street, who had asked for loading zones during the day, said they would keep pressing for changes when the design is finalized next spring.",
          "What happens next",
          "Crews will repaint the lanes in red starting in March, and enforcement cameras will be installed by summer, the city's transportation director, Lila Chen, told the council.",
        ].join("\n\n"),
      },
    ]);
  });

  it("reads Open Graph and article:* tags, skipping an article:author that is a URL", async () => {
    expect(await scrape("opengraph.html")).toEqual([
      {
        ...nulls,
        title: "Why sourdough starters smell like nail polish (and what to do)",
        description: "Acetone smell? Your starter is hungry. Here is how to fix it in three feedings.",
        url: "https://crumbnotes.example/2026/02/starter-acetone-smell/",
        author: "Priya Natarajan",
        published_at: "2026-02-11T14:20:00.000Z",
        publisher: "Crumb Notes",
        image: "https://crumbnotes.example/wp-content/uploads/2026/02/starter-jar.jpg",
        body: [
          "If your starter smells like acetone, don’t throw it out. The smell comes from ethyl acetate, which yeast and bacteria produce when they run out of food.",
          "Feed it more often: discard all but 20 grams and feed at a 1:5:5 ratio twice a day for three days.",
          "Keep it warm, around 26 °C, and the smell should turn fruity and pleasant again.",
        ].join("\n\n"),
      },
    ]);
  });

  it("reads microdata with an articleBody", async () => {
    expect(await scrape("microdata.html")).toEqual([
      {
        ...nulls,
        title: "El Gobierno amplía la red de trenes de cercanías",
        description: "Tres nuevas líneas conectarán el área metropolitana antes de 2029.",
        url: site.url("news_article/microdata.html"),
        author: "Lucía Fernández",
        published_at: "2026-05-07T08:00:00.000Z",
        publisher: "Diario del Puerto",
        image: site.url("fotos/2026/05/cercanias.jpg"),
        body: "El Consejo de Ministros aprobó este martes un plan de 2.400 millones de euros para ampliar la red de cercanías.\n\nLas obras comenzarán el próximo año.",
      },
    ]);
  });

  it("reads a page without any metadata: headline, byline, dateline and the article text only", async () => {
    expect(await scrape("plain.html")).toEqual([
      {
        ...nulls,
        title: "Glacier retreat uncovers 4,000-year-old forest",
        description: null,
        url: site.url("news_article/plain.html"),
        author: "Sofia Brunner, Science Correspondent",
        published_at: "2026-06-04",
        publisher: null,
        image: null,
        body: [
          "Researchers working below the shrinking Tschierva glacier have found the stumps of a larch and pine forest that last grew there some 4,000 years ago, when summers in the Alps were warmer than today.",
          "The wood is so well preserved that the team could count individual growth rings, giving a year-by-year record of the climate in which the trees lived, said the lead researcher, a dendrochronologist at the University of Bern.",
          '"The glacier has been a freezer," she said. "Now we are opening the door, and we have perhaps a decade before this wood rots away."',
          "Similar finds have been reported at other Swiss and Austrian glaciers, but few sites are as large or as accessible, which is why the team is working quickly to sample as many trunks as possible this summer.",
        ].join("\n\n"),
      },
    ]);
  });

  it("gives one item per story of a section page", async () => {
    expect(await scrape("index.html")).toEqual([
      {
        ...nulls,
        title: "New chip export rules take effect next month",
        description: "Manufacturers have 30 days to comply with the licensing regime.",
        url: site.url("technology/2026/11/20/chip-export-rules"),
        author: "Jin Park",
        published_at: "2026-11-20T09:00:00.000Z",
        publisher: null,
        image: site.url("img/chips.jpg"),
        body: null,
      },
      {
        ...nulls,
        title: "Battery recycling plant opens in Nevada",
        description: "The plant can process 20,000 tonnes of cells a year.",
        url: site.url("technology/2026/11/19/battery-recycling"),
        author: "Ruth Adeyemi",
        published_at: "2026-11-19T15:30:00.000Z",
        publisher: null,
        image: site.url("img/battery.jpg"),
        body: null,
      },
      {
        ...nulls,
        title: "Governments pledge funds for open-source security",
        description: "A new fund will pay maintainers of critical libraries.",
        url: site.url("technology/2026/11/18/open-source-funding"),
        author: "Jin Park",
        published_at: "2026-11-18T11:00:00.000Z",
        publisher: null,
        image: site.url("img/oss.jpg"),
        body: null,
      },
    ]);
  });
});

describe("news article extractor: headlines, bylines and datelines as pages print them", () => {
  it("strips the site's name from the title, prefers a person's byline over an organization, reads a written date", async () => {
    const [item] = await scrape("byline-header.html");
    expect(item).toMatchObject({
      title: "Harbour tunnel opens two years late",
      author: "Marguerite Okafor",
      published_at: "2016-12-13",
      publisher: "The Daily Ledger",
    });
  });

  it("reads an ISO timestamp printed as text in the byline", async () => {
    const [item] = await scrape("timestamp-text.html");
    expect(item).toMatchObject({ published_at: "2021-07-10T05:15:00.000Z" });
  });

  it("reads a date labelled as the publication date in a definition list, not the one labelled updated", async () => {
    const [item] = await scrape("labelled-dates.html");
    expect(item).toMatchObject({ published_at: "2020-04-07" });
  });

  it("reads an unmarked dateline right after the headline, skipping an Updated line and the body's dates", async () => {
    const [item] = await scrape("unmarked-dateline.html");
    expect(item).toMatchObject({ published_at: "2024-03-03T04:40:00.000Z" });
  });

  it("takes the publication date of the WebPage in structured data when there is no Article", async () => {
    const [item] = await scrape("webpage-entity.html");
    expect(item).toMatchObject({ published_at: "2023-05-18T07:30:00.000Z" });
  });

  it("reads the published date of a dateline that also gives an updated one", async () => {
    const [item] = await scrape("updated-dateline.html");
    expect(item).toMatchObject({ published_at: "2024-03-01" });
  });

  it("falls back to the 'last updated' date after the headline when the page gives no other", async () => {
    const [item] = await scrape("updated-only.html");
    expect(item?.published_at).toBe("2024-12-20");
  });

  it("keeps article:published_time when structured data's datePublished is the last update", async () => {
    const [item] = await scrape("restamped-date.html");
    expect(item?.published_at).toBe("2021-03-09T08:15:00.000Z");
  });

  it("reads a date labelled as the publication date in a table row", async () => {
    const [item] = await scrape("labelled-table.html");
    expect(item).toMatchObject({ published_at: "2022-02-14" });
  });

  it("reads a full-width separator, a rel=author link and a Japanese date", async () => {
    const [item] = await scrape("japanese-dateline.html");
    expect(item).toMatchObject({
      title: "指紋認証マウスを発売",
      author: "佐藤 花子",
      published_at: "2019-03-05",
    });
  });
});

describe("news article extractor: the headline among other <h1>s", () => {
  it("finds the headline in an <h1> after the logo's and a section's, outside <article>, with the company name stripped", async () => {
    const [item] = await scrape("headline-second-h1.html");
    expect(item?.title).toBe("防水ワイヤレスキーボードを発売");
  });

  it("takes a blog's name off the <title> when og:title states the headline, and skips the blog-name <h1> linking home", async () => {
    const [item] = await scrape("blog-name-title.html");
    expect(item?.title).toBe("A good enough map");
  });

  it("keeps a headline that mentions the site's name as the headline, and reads the dateline under it", async () => {
    const [item] = await scrape("site-name-in-headline.html");
    expect(item).toMatchObject({ title: "Ferry fares to Harbour rise in spring", published_at: "2025-03-04" });
  });

  it("takes the <article>'s <h2> when the only <h1> is the blog's name and the <title> is that name too", async () => {
    const [item] = await scrape("blog-post-h2.html");
    expect(item?.title).toBe("Why the tide tables were wrong last week");
  });

  it("takes the fuller <h2> headline that repeats og:title when the <h1> is a section's name", async () => {
    const [item] = await scrape("section-h1.html");
    expect(item?.title).toBe("Spring Forum 2025 Finding breaches early from the wall to the yard");
  });

  it("takes the <h2> in the <article>'s header over a differently worded og:title when the <h1> is the logo", async () => {
    const [item] = await scrape("article-header-h2.html");
    expect(item?.title).toBe("Council votes to close the old ferry landing");
  });

  it("takes the part of a 'Label | Headline' <title> that the page shows when nothing else states a headline", async () => {
    const [item] = await scrape("embed-player.html");
    expect(item?.title).toBe("Episode 12 – Tides and the moon, with Ines Marr");
  });

  it("takes no date from a fact box, a bare <abbr title>, a month-only caption or the references", async () => {
    const [item] = await scrape("fact-box-dates.html");
    expect(item?.title).toBe("Ada Brennan");
    expect(item?.published_at).toBeNull();
  });

  it("takes the headline from the <h3> the <title> repeats when the <h1> is the site's name", async () => {
    const [item] = await scrape("site-name-h1.html");
    expect(item?.title).toBe("■ Counting herons before the thaw");
  });
});

describe("news article extractor: whose byline it is", () => {
  it("joins co-authors named one link each after 'By', over a meta author that is the company", async () => {
    expect((await scrape("headline-second-h1.html"))[0]?.author).toBe("Kenji Mori, Aiko Sato");
    expect((await scrape("organization-authors.html"))[0]?.author).toBe("Ana Quiroga, Ben Okoye, Cy Tran");
  });

  it("skips bylines of teaser cards, photo credits, sponsored widgets and comments", async () => {
    const [item] = await scrape("bylines-among-others.html");
    expect(item?.author).toBe("Imogen Castellanos");
  });

  it("keeps an organization author when the only 'by' on the page is in prose or a caption", async () => {
    const [item] = await scrape("wiki-entry.html");
    expect(item?.author).toBe("Contributors to Example Wiki projects");
  });

  it("keeps a person who is both author and publisher over a photo credit", async () => {
    const [item] = await scrape("personal-blog.html");
    expect(item?.author).toBe("Hana Lindqvist");
  });

  it("prefers the shown name to a structured author that is an account handle", async () => {
    const [item] = await scrape("handle-author.html");
    expect(item?.author).toBe("Jordan Diaz");
  });

  it("reads a plain link to a staff page under the headline as the byline, not a person linked in the text", async () => {
    const [item] = await scrape("profile-link.html");
    expect(item).toMatchObject({ author: "Nadia Brook", published_at: "2025-02-07" });
  });

  it("skips a menu link to the authors' index and the editor credited after the author", async () => {
    const [item] = await scrape("author-index-menu.html");
    expect(item?.author).toBe("Priya Raman");
  });

  it("takes the author of the video the page is about when no article names one", async () => {
    const [item] = await scrape("video-entity.html");
    expect(item).toMatchObject({ author: "Mira Castell", published_at: "2023-05-14T06:10:00.000Z" });
  });

  it("falls back to the twitter:creator account, without its @, when nothing else names the author", async () => {
    const [item] = await scrape("twitter-creator.html");
    expect(item?.author).toBe("fenwaysoil");
  });

  it("joins every DC.Creator, with semicolons when the names hold commas, and takes DC.Title over a <title> led by a document number", async () => {
    const [item] = await scrape("dc-creators.html");
    expect(item?.author).toBe("Lund, Victor; Okoye, Ben");
    expect(item?.title).toBe("Tide tables over HTTP");
  });

  it("takes the names after a one-word section label in the byline, not the label", async () => {
    const [item] = await scrape("section-label-byline.html");
    expect(item?.author).toBe("Mara Lind, Tomas Vik");
  });

  it("names every co-author of a microdata Person with several names, and reads <meta itemprop value>", async () => {
    const [item] = await scrape("microdata-co-authors.html");
    expect(item).toMatchObject({
      author: "Rhea Okafor; Liam Brandt, The Wire Service",
      published_at: "2024-03-05T19:11:05.000Z",
    });
  });

  it("reads the author a record states as a labelled field, and a date labelled in a row's first cell", async () => {
    const [item] = await scrape("study-record.html");
    expect(item).toMatchObject({ author: "Northfield University Hospital", published_at: "2021-03-03" });
  });

  it("prefers the byline meta's name, without its e-mail, to a login slug", async () => {
    const [item] = await scrape("byline-meta.html");
    expect(item?.author).toBe("Ella Quist");
  });
});

describe("news article extractor: the whole body", () => {
  it("joins paragraphs wrapped one by one, leaves out hover cards and hidden text, and beats a teaser articleBody", async () => {
    const [item] = await scrape("split-body.html");
    expect(item?.body).toBe(
      [
        "Astronomers using a telescope on a Hawaiian summit have found water vapour above a distant moon, the team said on Monday, confirming hints seen by an earlier probe.",
        "The lead scientist, Ana Ruiz, said the vapour appeared in only a few of the nights observed, which suggests plumes that come and go.",
        "Liquid water, chemical building blocks and a source of energy are the three ingredients researchers look for, and the moon may now have all of them, she added.",
        "The team will point the telescope at the moon again next year to measure how much water the plumes carry.",
      ].join("\n\n"),
    );
    expect(item?.title).toBe("Telescope finds water vapour on a distant moon");
  });

  it("reads paragraphs written as <div>s, not the list of links beside them", async () => {
    const [item] = await scrape("div-paragraphs.html");
    expect(item?.body).toBe(
      [
        "The harbour ferry is back in service from Saturday after three months in dry dock, the operator said, with a new engine and a repainted hull.",
        "Crossings will run every twenty minutes at peak times, as before, and the first boat leaves at six in the morning on weekdays.",
        "Season tickets bought before the repairs stay valid until the end of March, and the operator will add the lost weeks to every one of them.",
      ].join("\n\n"),
    );
  });

  it("reads text typed straight into a block between <br>s and pictures, not the top-stories list", async () => {
    const [item] = await scrape("br-text.html");
    expect(item?.body).toBe(
      [
        "The valley choir won the regional cup on Sunday, its first win in eleven years, with a programme of folk songs arranged by its own conductor.",
        'Forty singers travelled to the final, the youngest of them fifteen and the oldest eighty-two, and the judges praised their "clear, warm sound".',
        "The choir will sing at the national final in the spring, and is looking for tenors before then, its secretary said.",
      ].join("\n\n"),
    );
  });
});

describe("news article extractor: bylines as pages write them", () => {
  const URL = "https://news.example/2016/12/06/story";
  const article = (head: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>Story | Daily Example</title>${head}</head><body><main><article><h1>Story</h1>${body}<p>${"Body text of the story goes on. ".repeat(20)}</p></article></main></body></html>`;
  const author = (head: string, body: string) => extractFromHtml("news_article", article(head, body), URL)[0]?.author;

  it("takes no profile address for a name (a microdata author that is a link)", () => {
    const html = `<!doctype html><html><head><title>Story</title></head><body><div itemscope itemtype="https://schema.org/BlogPosting">
      <h1 itemprop="headline">Story</h1><a itemprop="author" href="https://profiles.example/0858">Profile</a>
      <div itemprop="articleBody"><p><em>Posted by Ann Roe, Engineer on the Platform team</em></p><p>${"Text. ".repeat(40)}</p></div></div></body></html>`;
    expect(extractFromHtml("news_article", html, URL)[0]?.author).toMatch(/^Ann Roe/);
  });

  it("prefers a person's byline to one that names the site itself", () => {
    const byline = `<p><em>Posted by Ann Roe, Engineer</em></p><div class="post-footer"><span class="post-author">Posted by <a rel="author" href="/profile">Daily Example</a></span></div>`;
    expect(author('<meta property="og:site_name" content="Daily Example">', byline)).toMatch(/^Ann Roe/);
  });

  it("takes no button's words for a name, and falls back to twitter:creator", () => {
    expect(
      author('<meta name="twitter:creator" content="Sleyca">', '<div class="author"><a class="btn">Follow Author</a></div>'),
    ).toBe("Sleyca");
  });

  it("reads the byline at the end of a dateline and after a commented-out 'by'", () => {
    expect(author("", '<h5 class="posted-date">2/26/2015 7:11 AM PST BY NEWS STAFF</h5>')).toBe("NEWS STAFF");
    expect(author("", "<ul><li><small>On <!-- -->6/13/2018<!-- --> by <!-- -->@lazharichir</small></li></ul>")).toBe(
      "lazharichir",
    );
  });

  it("says where the date came from: markup for <time datetime>, text for a written dateline", () => {
    const marked = extractFromHtml("news_article", article("", '<time datetime="2016-12-06">Dec 6</time>'), URL)[0];
    const written = extractFromHtml(
      "news_article",
      article("", "<p class='meta'>December 6, 2016</p>"),
      "https://news.example/story",
    )[0];
    expect(marked).toMatchObject({ published_at: "2016-12-06", _meta: { sources: { published_at: "markup" } } });
    expect(written).toMatchObject({ published_at: "2016-12-06", _meta: { sources: { published_at: "text" } } });
  });
});
