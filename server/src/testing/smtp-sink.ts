import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, if the mail had one (ours are plain text: null). */
  html: string | null;
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests that read their mail;
 * `onMail` hears each message as it arrives (the browser tests' global setup hands it to test files).
 */
export async function startSmtpSink(options: { onMail?: (mail: ReceivedMail) => void } = {}): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitFor(to: string, count?: number): Promise<ReceivedMail[]>;
  /** While on, every recipient is refused (450, as a server that is full or down answers). */
  refuse(on: boolean): void;
  stop(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      callback(Object.assign(new Error('Mailbox unavailable, try again later'), { responseCode: 450 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const to = Array.isArray(parsed.to)
            ? parsed.to.map((a) => a.text).join(', ')
            : (parsed.to?.text ?? '');
          const mail = {
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
          };
          mails.push(mail);
          options.onMail?.(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, count = 1) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(to));
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to} within 10 s (got ${mails.length} in all)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    refuse(on) {
      refusing = on;
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
