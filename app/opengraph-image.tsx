import { ImageResponse } from "next/og";
import { site } from "@/lib/config/site";
import { OG_IMAGE } from "@/lib/metadata";

export const alt = OG_IMAGE.alt;
export const size = { width: OG_IMAGE.width, height: OG_IMAGE.height };
export const contentType = "image/png";

/** The link preview image of every page, rendered once at build time. */
export default function OpengraphImage() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        padding: 80,
        background: "linear-gradient(135deg, #1d41b8 0%, #3b6ef5 100%)",
        color: "white",
      }}
    >
      <div style={{ fontSize: 40, fontWeight: 700, opacity: 0.85 }}>{site.name}</div>
      <div style={{ fontSize: 72, fontWeight: 700, lineHeight: 1.1, marginTop: 24, maxWidth: 960 }}>{site.tagline}</div>
      <div style={{ fontSize: 30, marginTop: 32, opacity: 0.85, maxWidth: 960 }}>
        Products · Social profiles · Real estate · Jobs · News · Restaurants
      </div>
    </div>,
    size,
  );
}
