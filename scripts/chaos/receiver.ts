// The webhook receiver of the chaos run: records every delivery it gets (event id, type, the body as sent, what it
// answered) and, while a fault says so, answers 500 or lets the request time out instead of 200.
import { createServer } from "node:http";
import type { Random } from "./random";

export interface Received {
  eventId: string;
  type: string;
  body: string;
  at: number;
  answer: number | "timeout";
}

export interface Receiver {
  url: string;
  received(): readonly Received[];
  /** While failing, each delivery is answered 500 or held past the sender's 10 s limit, half and half. */
  setFailing(failing: boolean): void;
  close(): Promise<void>;
}

/** Longer than a delivery attempt's own limit (lib/webhooks/attempts.ts): the sender gives up first. */
const HOLD_MS = 15_000;

export async function startReceiver(port: number, random: Random): Promise<Receiver> {
  const received: Received[] = [];
  let failing = false;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      let event: { id?: string; type?: string } = {};
      try {
        event = JSON.parse(body);
      } catch {
        // recorded as it came
      }
      const answer: Received["answer"] = failing ? (random.next() < 0.5 ? 500 : "timeout") : 200;
      received.push({ eventId: String(event.id), type: String(event.type), body, at: Date.now(), answer });
      if (answer === "timeout") {
        setTimeout(() => res.destroy(), HOLD_MS).unref();
        return;
      }
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    setFailing(value) {
      failing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
