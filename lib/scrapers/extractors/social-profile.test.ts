import { describe, expect, it } from "vitest";
import { fieldScraper, fixtureSite } from "@/test/support/fixture-site";

const site = fixtureSite();
const scrape = fieldScraper("social_profile", site);
const nulls = { price: null, rating: null, reviews: null };

describe("social profile extractor", () => {
  it("reads a ProfilePage's mainEntity and its interaction counters, not the site's Organization", async () => {
    expect(await scrape("jsonld.html")).toEqual([
      {
        ...nulls,
        title: "Lena Park",
        handle: "lenaskates",
        description: "Skateboarder, filmmaker. Making slow videos about fast things. 🛹",
        followers: 12345,
        following: 301,
        posts: 789,
        image: "https://pbs.chirp.example/profile_images/184467001/lena_400x400.jpg",
        url: "https://chirp.example/lenaskates",
      },
    ]);
  });

  it("reads Open Graph: name and handle from the title, abbreviated counts from the description", async () => {
    expect(await scrape("opengraph.html")).toEqual([
      {
        ...nulls,
        title: "Marta Quint",
        handle: "marta.quint",
        description:
          "48.2K Followers, 512 Following, 1,204 Posts - See Pixelgram photos and videos from Marta Quint (@marta.quint)",
        followers: 48200,
        following: 512,
        posts: 1204,
        image: "https://cdn.pixelgram.example/v/t51/marta_quint_150.jpg",
        url: "https://pixelgram.example/marta.quint/",
      },
    ]);
  });

  it("reads microdata (Person with additionalName as the handle) and counts written beside it", async () => {
    expect(await scrape("microdata.html")).toEqual([
      {
        ...nulls,
        title: "Ada Okafor",
        handle: "octoweaver",
        description: "Compilers, looms and other pattern machines.",
        followers: 1500,
        following: 42,
        posts: null,
        image: "https://avatars.codehub.example/u/5520?s=460",
        url: "https://codehub.example/octoweaver",
      },
    ]);
  });

  it("reads a plain HTML profile: display name, @handle, bio, avatar and stats", async () => {
    expect(await scrape("plain.html")).toEqual([
      {
        ...nulls,
        title: "Marco Devlin",
        handle: "marco_dev",
        description: "CNC tinkerer and keyboard builder. Turin → Toronto.",
        followers: 2100,
        following: 180,
        posts: 1024,
        image: site.url("user_avatar/marco_dev/240.png"),
        url: site.url("social_profile/plain.html"),
      },
    ]);
  });

  it("gives one item per person of a directory page", async () => {
    const items = await scrape("directory.html");
    expect(
      items.map(({ title, handle, followers, url, image, description }) => ({
        title,
        handle,
        followers,
        url,
        image,
        description,
      })),
    ).toEqual([
      {
        title: "Alex H.",
        handle: "alexhonnold_fan",
        followers: 8402,
        url: site.url("alexhonnold_fan"),
        image: site.url("avatars/alexh.jpg"),
        description: "Free solo documentaries, reviewed.",
      },
      {
        title: "Crag Mum",
        handle: "cragmum",
        followers: 1200000,
        url: site.url("cragmum"),
        image: site.url("avatars/cragmum.jpg"),
        description: "Bouldering with three kids and one van.",
      },
      {
        title: "Beta Spray",
        handle: "betaspray",
        followers: 977,
        url: site.url("betaspray"),
        image: site.url("avatars/beta.jpg"),
        description: "Unsolicited route advice since 2012.",
      },
    ]);
  });

  it("ignores include_reviews: profiles carry no review list", async () => {
    const [item] = await scrape("jsonld.html", { includeReviews: true });
    expect(item).not.toHaveProperty("review_list");
  });
});
