import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import { pcmLe, sleep, startFakeVendor, streamTtsChunks, tone } from './fake-vendor.ts';

export const ALI_TOKEN = 'ali-good-token';
export const ALI_AK = { accessKeyId: 'LTAI-test', accessKeySecret: 'ak-secret' };
/** AppKeys of the fake account, each with its project's model sample rate (set in the NLS console). */
export const ALI_APPKEYS: Record<string, number> = { 'appkey-8k': 8000, 'appkey-16k': 16000 };
export const ALI_VOICES = ['xiaoyun', 'aixia', 'abby'];

/**
 * Alibaba Cloud NLS, faked from its documents ("Obtain a token using OpenAPI", the WebSocket protocol,
 * speech synthesis and real-time recognition references, the error code table), not from our code.
 *
 * CreateToken (POP RPC, `GET /?…`): every common parameter is required (Action CreateToken, Version
 * 2019-02-28, Format JSON, RegionId, SignatureMethod HMAC-SHA1, SignatureVersion 1.0, a fresh
 * SignatureNonce, a Timestamp within 15 minutes); the HMAC-SHA1 signature is recomputed here by the
 * document's recipe. Refusals in POP's shape (`Code`, `Message`, `RequestId`): 404
 * InvalidAccessKeyId.NotFound, 400 SignatureDoesNotMatch, SignatureNonceUsed, InvalidTimeStamp.Expired,
 * MissingParameter. Success: `{Token: {Id, ExpireTime, UserId}, ErrMsg, RequestId, NlsRequestId}`.
 *
 * Gateway (`/ws/v1`, `X-NLS-Token`): JSON commands `{header: {message_id, task_id (32 hex each), namespace,
 * name, appkey}, payload}`; every refusal is `TaskFailed` with the documented status and text:
 * 40000001 token invalid (it quotes the token), 40020105 AppKey unknown, 40000002 a malformed message or
 * audio before `TranscriptionStarted`, 40000000 a bad parameter, 41050008 UNSUPPORTED_SAMPLE_RATE when the
 * rate is not the AppKey's project model's. TTS: binary audio then `SynthesisCompleted`. ASR:
 * `TranscriptionStarted`, `SentenceBegin`, `TranscriptionResultChanged`, and on `StopTranscription`
 * `SentenceEnd` + `TranscriptionCompleted`. The URL's first segment: `ok`, `slow`, `drop`.
 */
export async function startFakeAlibaba() {
  const seen = {
    commands: [] as Command[],
    tokenCalls: 0,
    tokenRegions: [] as string[],
    audioBytes: 0,
    audioBeforeStart: 0,
  };
  const issued = new Set<string>([ALI_TOKEN]);
  const nonces = new Set<string>();
  const fake = await startFakeVendor({
    http: (request, _body, response) => {
      seen.tokenCalls++;
      createToken(request, response, { issued, nonces, regions: seen.tokenRegions });
    },
    ws: (socket, request) => gateway(socket, request, issued, seen),
  });
  return { fake, seen };
}

interface Command {
  header: { name: string; namespace: string; task_id: string; appkey: string; message_id: string };
  payload?: Record<string, unknown>;
}

// ---------- CreateToken ----------

/** RFC 3986 percent-encoding as the POP document spells it: unreserved characters kept, UTF-8 bytes %XX. */
export function popPercentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The POP signature: HMAC-SHA1 over `METHOD&%2F&encode(sorted query)` keyed with `secret&`. */
export function popSignature(method: string, params: Record<string, string>, secret: string): string {
  const query = Object.keys(params)
    .sort()
    .map((key) => `${popPercentEncode(key)}=${popPercentEncode(params[key]!)}`)
    .join('&');
  const stringToSign = `${method}&${popPercentEncode('/')}&${popPercentEncode(query)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

const REQUIRED = [
  'AccessKeyId',
  'Action',
  'Format',
  'RegionId',
  'SignatureMethod',
  'SignatureNonce',
  'SignatureVersion',
  'Timestamp',
  'Version',
];

function createToken(
  request: IncomingMessage,
  response: ServerResponse,
  state: { issued: Set<string>; nonces: Set<string>; regions: string[] },
) {
  const refuse = (status: number, Code: string, Message: string) =>
    response
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ RequestId: randomUUID().toUpperCase(), HostId: 'nls-meta.aliyuncs.com', Code, Message }));
  const query = new URL(request.url!, 'http://x').searchParams;
  const params = Object.fromEntries(query);
  const { Signature, ...signed } = params;
  const missing = REQUIRED.find((key) => !params[key]) ?? (Signature ? null : 'Signature');
  if (missing) return refuse(400, `Missing${missing}`, `${missing} is mandatory for this action.`);
  if (params.Action !== 'CreateToken' || params.Version !== '2019-02-28')
    return refuse(400, 'InvalidAction.NotFound', 'Specified api is not found.');
  if (params.Format !== 'JSON' || params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0')
    return refuse(400, 'InvalidParameter', 'Format, SignatureMethod or SignatureVersion is not supported.');
  if (params.AccessKeyId !== ALI_AK.accessKeyId) return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
  const at = Date.parse(params.Timestamp!);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp!) || Number.isNaN(at) || Math.abs(Date.now() - at) > 15 * 60_000)
    return refuse(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date header is expired.');
  if (Signature !== popSignature(request.method ?? 'GET', signed, ALI_AK.accessKeySecret))
    return refuse(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
  if (state.nonces.has(params.SignatureNonce!)) return refuse(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
  state.nonces.add(params.SignatureNonce!);
  state.regions.push(params.RegionId!);
  const id = randomUUID().replaceAll('-', '');
  state.issued.add(id);
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      ErrMsg: '',
      Token: { UserId: '1234567890', Id: id, ExpireTime: Math.floor(Date.now() / 1000) + 86_400 },
      RequestId: randomUUID().toUpperCase(),
      NlsRequestId: randomUUID().replaceAll('-', ''),
    }),
  );
}

// ---------- Gateway ----------

const HEX32 = /^[0-9a-f]{32}$/;

function gateway(
  socket: WebSocket,
  request: IncomingMessage,
  issued: Set<string>,
  seen: { commands: Command[]; audioBytes: number; audioBeforeStart: number },
) {
  const mode = request.url!.split('/')[1];
  const token = String(request.headers['x-nls-token'] ?? new URL(request.url!, 'http://x').searchParams.get('token') ?? '');
  let state: 'idle' | 'starting' | 'started' | 'failed' = 'idle';
  let taskId = '';
  let namespace = '';
  let frames = 0;
  const event = (name: string, payload: object = {}, status = 20000000, statusText = 'Gateway:SUCCESS:Success.') =>
    socket.send(
      JSON.stringify({
        header: { namespace, name, status, message_id: randomUUID().replaceAll('-', ''), task_id: taskId, status_text: statusText },
        payload,
      }),
    );
  const taskFailed = (status: number, text: string) => {
    state = 'failed';
    event('TaskFailed', {}, status, text);
    socket.close();
  };
  socket.on('message', async (data: Buffer, binary: boolean) => {
    if (binary) {
      if (state !== 'started') {
        seen.audioBeforeStart++;
        return taskFailed(40000002, `Gateway:MESSAGE_INVALID:Can't process message in state'${state.toUpperCase()}'!`);
      }
      seen.audioBytes += data.length;
      frames++;
      if (mode === 'drop' && frames === 4) socket.terminate();
      return;
    }
    let command: Command;
    try {
      command = JSON.parse(data.toString('utf8'));
    } catch {
      return taskFailed(40000002, 'Gateway:MESSAGE_INVALID:Message is not JSON!');
    }
    seen.commands.push(command);
    const h = command.header ?? ({} as Command['header']);
    namespace = h.namespace ?? '';
    if (!HEX32.test(h.message_id ?? '') || !HEX32.test(h.task_id ?? '') || !h.name || !h.namespace)
      return taskFailed(40000002, 'Gateway:MESSAGE_INVALID:message_id and task_id must be 32 hex characters!');
    if (!issued.has(token)) return taskFailed(40000001, `Gateway:ACCESS_DENIED:The token '${token}' is invalid!`);
    const rate = ALI_APPKEYS[h.appkey];
    if (rate === undefined) return taskFailed(40020105, 'Meta:APPKEY_NOT_EXIST:Appkey not exist!');
    if (state === 'failed') return taskFailed(40000002, "Gateway:MESSAGE_INVALID:Can't process message in state'FAILED'!");
    const p = command.payload ?? {};
    if (h.name === 'StartSynthesis' && h.namespace === 'SpeechSynthesizer') {
      taskId = h.task_id;
      if (typeof p.text !== 'string' || !p.text) return taskFailed(40000000, 'Gateway:CLIENT_ERROR:text is empty!');
      if (!ALI_VOICES.includes(String(p.voice ?? 'xiaoyun')))
        return taskFailed(40000000, `Gateway:CLIENT_ERROR:voice '${p.voice}' is not supported!`);
      if (!['pcm', 'wav', 'mp3'].includes(String(p.format ?? 'pcm')) || ![8000, 16000, 24000].includes(Number(p.sample_rate ?? 16000)))
        return taskFailed(40000000, 'Gateway:CLIENT_ERROR:format or sample_rate is invalid!');
      const audio = pcmLe(tone(1600));
      const peer = { gone: () => socket.readyState !== socket.OPEN, cut: () => socket.terminate() };
      if (!(await streamTtsChunks(mode, peer, (q) => socket.send(audio.subarray(q * 800, q * 800 + 800))))) return;
      event('SynthesisCompleted');
      return;
    }
    if (h.name === 'StartTranscription' && h.namespace === 'SpeechTranscriber') {
      taskId = h.task_id;
      if (!['pcm', 'opus', 'opu', 'wav'].includes(String(p.format ?? 'pcm')))
        return taskFailed(40000000, 'Gateway:CLIENT_ERROR:format is invalid!');
      if (Number(p.sample_rate ?? 16000) !== rate) return taskFailed(41050008, 'UNSUPPORTED_SAMPLE_RATE');
      state = 'starting';
      await sleep(30);
      state = 'started';
      event('TranscriptionStarted', { session_id: randomUUID().replaceAll('-', '') });
      event('SentenceBegin', { index: 1, time: 320 });
      event('TranscriptionResultChanged', { index: 1, time: 600, result: '我想', words: [] });
      return;
    }
    if (h.name === 'StopTranscription' && h.namespace === 'SpeechTranscriber') {
      if (state !== 'started' || h.task_id !== taskId)
        return taskFailed(40000002, `Gateway:MESSAGE_INVALID:Can't process message in state'${state.toUpperCase()}'!`);
      event('SentenceEnd', { index: 1, time: 900, begin_time: 320, result: '我想了解一下。', confidence: 0.88, words: [] });
      event('TranscriptionCompleted');
      return;
    }
    taskFailed(40000002, `Gateway:MESSAGE_INVALID:Unknown command ${h.namespace}.${h.name}!`);
  });
}
