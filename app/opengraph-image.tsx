import { ImageResponse } from "next/og";
import { site } from "@/lib/config/site";
import { OPEN_GRAPH_IMAGE_SIZE } from "@/lib/seo/metadata";

export const size = OPEN_GRAPH_IMAGE_SIZE;
export const contentType = "image/png";

/**
 * The link preview image of every page (og:image, named by lib/seo/metadata.ts), drawn once at build time:
 * app/icon.svg's mark, the name and the tagline.
 */
export default function OpenGraphImage() {
  const tile = { position: "absolute", width: 44, height: 44, border: "11px solid white", borderRadius: 9 } as const;
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        padding: 96,
        background: "#2552e0",
        color: "white",
      }}
    >
      <div style={{ width: 120, height: 120, display: "flex", position: "relative" }}>
        <div style={{ ...tile, left: 0, top: 0 }} />
        <div style={{ ...tile, left: 64, top: 0 }} />
        <div style={{ ...tile, left: 0, top: 64 }} />
        <div style={{ ...tile, left: 64, top: 64 }} />
      </div>
      <div style={{ marginTop: 48, fontSize: 88, fontWeight: 700 }}>{site.name}</div>
      <div style={{ marginTop: 16, fontSize: 44, opacity: 0.9 }}>{site.tagline}</div>
    </div>,
    size,
  );
}
