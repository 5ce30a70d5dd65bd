import net from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One message the sink accepted: the SMTP envelope and the message as mailparser reads it. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpSink {
  port: number;
  /** What the shop's SMTP_URL must be to reach this sink (plain SMTP on loopback). */
  url: string;
  /** Every message accepted, in arrival order. */
  messages: ReceivedMail[];
  /** How many DATA transactions the sink refused so far. */
  refusals: () => number;
  /** Refuse the next `count` messages with a temporary SMTP error (Infinity: refuse until told otherwise). */
  refuseNext: (count: number) => void;
  /**
   * Accept `count` more messages, then leave every further one unanswered
   * after its data: its sender waits mid-send (until it gives up or dies).
   */
  stallAfter: (count: number) => void;
  /** How many messages the sink has left unanswered so far. */
  stalled: () => number;
  /** Accept messages again; those stalled stay unanswered (their sender is expected to be gone). */
  resume: () => void;
  close: () => Promise<void>;
}

/** A loopback port nothing listens on right now: connecting to it is refused until a server takes it. */
export async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. STARTTLS is
 * switched off, so nodemailer (SMTP_URL=smtp://127.0.0.1:PORT, nothing else)
 * talks plain SMTP to it; no authentication is asked for.
 */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let toRefuse = 0;
  let refused = 0;
  let toAccept = Infinity;
  let stalled = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (toRefuse > 0) {
          toRefuse--;
          refused++;
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          return callback(error);
        }
        if (toAccept <= 0) {
          stalled++;
          return;
        }
        toAccept--;
        const raw = Buffer.concat(chunks);
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((address) => address.address),
        };
        simpleParser(raw).then(
          (parsed) => {
            messages.push({ envelope, raw: raw.toString("utf8"), parsed });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as net.AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refusals: () => refused,
    refuseNext: (count) => {
      toRefuse = count;
    },
    stallAfter: (count) => {
      toAccept = count;
    },
    stalled: () => stalled,
    resume: () => {
      toAccept = Infinity;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
