import { ImageResponse } from "next/og";

export const size = { width: 180, height: 180 };
export const contentType = "image/png";

/** The home-screen icon (iOS wants a PNG): app/icon.svg's mark, drawn once at build time. */
export default function AppleIcon() {
  const tile = { position: "absolute", width: 42, height: 42, border: "10px solid white", borderRadius: 8 } as const;
  return new ImageResponse(
    <div style={{ width: "100%", height: "100%", display: "flex", position: "relative", background: "#2552e0" }}>
      <div style={{ ...tile, left: 38, top: 38 }} />
      <div style={{ ...tile, left: 100, top: 38 }} />
      <div style={{ ...tile, left: 38, top: 100 }} />
      <div style={{ ...tile, left: 100, top: 100 }} />
    </div>,
    size,
  );
}
