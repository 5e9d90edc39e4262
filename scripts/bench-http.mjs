// The bench loops' lean HTTP client (docs/benchmarks.md, "The bench's HTTP client"), re-exported by
// bench-kit.mjs: the same GraphQL request as bench-kit's gql() (fetch), at a tenth of its CPU.
import { connect } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';

/**
 * The headers `fetch` (undici) sends with gql()'s request, so a loop's lean client (gqlClient) makes
 * the same request: only the transport differs.
 */
const fetchHeaders = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate',
  'accept-language': '*',
  'content-type': 'application/json',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
};

/** One HTTP/1.1 answer read off a keep-alive socket: status, headers (lower-case), whole body. */
function readAnswer(buffer) {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = buffer.toString('latin1', 0, end).split('\r\n');
  const status = Number(lines[0].split(' ')[1]);
  const headers = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let at = end + 4;
  if (headers['transfer-encoding'] === 'chunked') {
    const chunks = [];
    for (;;) {
      const eol = buffer.indexOf('\r\n', at);
      if (eol < 0) return null;
      const size = Number.parseInt(buffer.toString('latin1', at, eol), 16);
      if (buffer.length < eol + 2 + size + 2) return null;
      if (size === 0) return { status, headers, body: Buffer.concat(chunks), rest: buffer.subarray(eol + 4) };
      chunks.push(buffer.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
  }
  const length = Number(headers['content-length']);
  if (!Number.isFinite(length))
    throw new Error(`bench client: an answer with neither length nor chunks (${status})`);
  if (buffer.length < at + length) return null;
  return { status, headers, body: buffer.subarray(at, at + length), rest: buffer.subarray(at + length) };
}

/**
 * A lean GraphQL client for a bench loop (docs/benchmarks.md, "The bench's HTTP client"): the same
 * request as gql() (POST /graphql over HTTP/1.1 keep-alive, the headers fetch sends, the bearer
 * token, `{ query, variables }` as JSON), written on one TCP connection of its own, one request at
 * a time, the request's head and the query serialised once. It reads the whole answer (by its
 * length or its chunks, gunzipped when it is), parses the JSON and throws on `errors` as gql()
 * does. It is the instrument, not the system under test: fetch's WHATWG streams, headers and
 * response objects cost the bench about 1 ms of CPU per request, node:http's about 0.3, this 0.1.
 */
export function gqlClient(url, token) {
  const { hostname, port } = new URL(url);
  const head = [
    'POST /graphql HTTP/1.1',
    `host: ${hostname}:${port}`,
    ...Object.entries(fetchHeaders).map(([k, v]) => `${k}: ${v}`),
    ...(token ? [`authorization: Bearer ${token}`] : []),
    'connection: keep-alive',
    'content-length: ',
  ].join('\r\n');
  const queries = new Map();
  let socket = null;
  let waiting = null;
  let buffer = Buffer.alloc(0);
  const failed = (err) => {
    socket = null;
    buffer = Buffer.alloc(0);
    const w = waiting;
    waiting = null;
    w?.fail(err);
  };
  const open = () => {
    const s = connect(Number(port), hostname);
    s.setNoDelay(true);
    s.on('data', (data) => {
      buffer = buffer.length ? Buffer.concat([buffer, data]) : data;
      let answer;
      try {
        answer = readAnswer(buffer);
      } catch (err) {
        s.destroy();
        return failed(err);
      }
      if (!answer) return;
      buffer = answer.rest;
      if (answer.headers.connection === 'close') {
        s.end();
        if (socket === s) socket = null;
      }
      const w = waiting;
      waiting = null;
      w?.done(answer);
    });
    s.on('error', (err) => socket === s && failed(err));
    s.on('close', () => socket === s && failed(new Error('bench client: the server closed the connection')));
    return s;
  };
  const call = async (query, variables) => {
    if (waiting) throw new Error('bench client: one request at a time per client');
    let text = queries.get(query);
    if (text === undefined) {
      text = JSON.stringify(query);
      queries.set(query, text);
    }
    const body = `{"query":${text},"variables":${JSON.stringify(variables)}}`;
    socket ??= open();
    const answer = await new Promise((done, fail) => {
      waiting = { done, fail };
      socket.write(`${head}${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
    const encoding = answer.headers['content-encoding'];
    const raw =
      encoding === 'gzip'
        ? gunzipSync(answer.body)
        : encoding === 'deflate'
          ? inflateSync(answer.body)
          : answer.body;
    const parsed = JSON.parse(raw.toString('utf8'));
    if (parsed.errors?.length) throw new Error(`${answer.status} ${JSON.stringify(parsed.errors[0])}`);
    return parsed.data;
  };
  return {
    gql: call,
    close: () => {
      const s = socket;
      socket = null;
      s?.destroy();
    },
  };
}
