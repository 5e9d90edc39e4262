import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { redactPaths } from './logger';

describe('logger', () => {
  it('never writes credentials or tokens', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ redact: { paths: redactPaths, censor: '[redacted]' } }, sink);
    log.info({ req: { headers: { authorization: 'Bearer eyJsecret', cookie: 'sid=secret' } } }, 'incoming');
    log.info({ body: { username: 'somchai', password: 'hunter22', token: 'tok-secret' } }, 'login');
    const out = lines.join('');
    expect(out).not.toMatch(/eyJsecret|sid=secret|hunter22|tok-secret/);
    expect(out).toContain('somchai');
    expect(out).toContain('[redacted]');
  });
});
