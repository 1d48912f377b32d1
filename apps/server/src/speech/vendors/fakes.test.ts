import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ALI_TOKEN, startFakeAlibaba } from '../../../test/speech-vendors/fake-alibaba.ts';
import { AZURE_KEY, startFakeAzure } from '../../../test/speech-vendors/fake-azure.ts';
import { ELEVEN_KEY, startFakeElevenLabs } from '../../../test/speech-vendors/fake-elevenlabs.ts';
import { MINIMAX_KEY, startFakeMinimax } from '../../../test/speech-vendors/fake-minimax.ts';
import { startFakeVolcano, VOLC_APP_ID, VOLC_GRANTED_RESOURCE, VOLC_TOKEN } from '../../../test/speech-vendors/fake-volcano.ts';

/**
 * The fakes are only worth what they refuse: each test here talks to one with a raw client (not an
 * adapter) doing what the vendor documents as wrong, and expects the vendor's own refusal. If a fake
 * accepted anything, the adapter tests against it would prove nothing.
 */
let ali: Awaited<ReturnType<typeof startFakeAlibaba>>;
let volc: Awaited<ReturnType<typeof startFakeVolcano>>;
let azure: Awaited<ReturnType<typeof startFakeAzure>>;
let el: Awaited<ReturnType<typeof startFakeElevenLabs>>;
let mm: Awaited<ReturnType<typeof startFakeMinimax>>;
beforeAll(async () => {
  [ali, volc, azure, el, mm] = await Promise.all([
    startFakeAlibaba(),
    startFakeVolcano(),
    startFakeAzure(),
    startFakeElevenLabs(),
    startFakeMinimax(),
  ]);
});
afterAll(() => Promise.all([ali, volc, azure, el, mm].map((f) => f.fake.close())));

/** Opens a socket and collects what the server sends until it closes. */
function converse(url: string, headers: Record<string, string>, send: (ws: WebSocket) => void) {
  return new Promise<{ messages: Array<{ data: Buffer; binary: boolean }>; code: number; reason: string }>((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: Array<{ data: Buffer; binary: boolean }> = [];
    ws.on('open', () => send(ws));
    ws.on('message', (data: Buffer, binary: boolean) => messages.push({ data, binary }));
    ws.on('close', (code, reason) => resolve({ messages, code, reason: reason.toString() }));
    ws.on('error', reject);
  });
}

const hex32 = () => crypto.randomUUID().replaceAll('-', '');
const frame = (type: number, flags: number, json: boolean, payload: Buffer) => {
  const body = gzipSync(payload);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length);
  return Buffer.concat([Buffer.from([0x11, (type << 4) | flags, ((json ? 1 : 0) << 4) | 1, 0]), size, body]);
};

describe('the vendor fakes refuse what the vendors refuse', () => {
  it('Alibaba: audio before TranscriptionStarted is TaskFailed 40000002', async () => {
    const { messages } = await converse(ali.fake.url('/ok/ws/v1', 'ws'), { 'X-NLS-Token': ALI_TOKEN }, (ws) => {
      ws.send(
        JSON.stringify({
          header: {
            message_id: hex32(),
            task_id: hex32(),
            namespace: 'SpeechTranscriber',
            name: 'StartTranscription',
            appkey: 'appkey-8k',
          },
          payload: { format: 'pcm', sample_rate: 8000 },
        }),
      );
      ws.send(Buffer.alloc(320));
    });
    const failed = JSON.parse(messages.at(-1)!.data.toString());
    expect(failed.header).toMatchObject({ name: 'TaskFailed', status: 40000002 });
  });

  it('Alibaba: ids that are not 32 hex characters are TaskFailed; a CreateToken without a signature is MissingSignature', async () => {
    const { messages } = await converse(ali.fake.url('/ok/ws/v1', 'ws'), { 'X-NLS-Token': ALI_TOKEN }, (ws) =>
      ws.send(
        JSON.stringify({
          header: { message_id: 'm-1', task_id: 't-1', namespace: 'SpeechSynthesizer', name: 'StartSynthesis', appkey: 'appkey-8k' },
          payload: { text: 'x' },
        }),
      ),
    );
    expect(JSON.parse(messages.at(-1)!.data.toString()).header).toMatchObject({ name: 'TaskFailed', status: 40000002 });
    const response = await fetch(ali.fake.url('/?AccessKeyId=LTAI-test&Action=CreateToken'));
    expect(response.status).toBe(400);
    expect((await response.json()).Code).toMatch(/^Missing/);
  });

  it('Volcano ASR: audio before the full client request, and a rate other than 16000, are error frames 45000001', async () => {
    const headers = {
      'X-Api-App-Key': VOLC_APP_ID,
      'X-Api-Access-Key': VOLC_TOKEN,
      'X-Api-Resource-Id': VOLC_GRANTED_RESOURCE,
      'X-Api-Connect-Id': crypto.randomUUID(),
    };
    const early = await converse(volc.fake.url('/ok/api/v3/sauc/bigmodel', 'ws'), headers, (ws) =>
      ws.send(frame(0b0010, 0, false, Buffer.alloc(3200))),
    );
    expect(early.messages[0]!.data.subarray(0, 2)).toEqual(Buffer.from([0x11, 0xf0]));
    expect(early.messages[0]!.data.readUInt32BE(4)).toBe(45000001);
    const eightK = await converse(volc.fake.url('/ok/api/v3/sauc/bigmodel', 'ws'), headers, (ws) =>
      ws.send(
        frame(0b0001, 0, true, Buffer.from(JSON.stringify({ audio: { format: 'pcm', rate: 8000 }, request: { model_name: 'bigmodel' } }))),
      ),
    );
    expect(eightK.messages[0]!.data.readUInt32BE(4)).toBe(45000001);
    expect(eightK.messages[0]!.data.subarray(12).toString()).toContain('16000 only');
  });

  it('Volcano TTS: operation query on the WebSocket is refused (3001)', async () => {
    const request = {
      app: { appid: VOLC_APP_ID, token: 'x', cluster: 'volcano_tts' },
      user: { uid: 'u' },
      audio: { voice_type: 'BV700_streaming', encoding: 'pcm', rate: 8000 },
      request: { reqid: crypto.randomUUID(), text: 'hi', operation: 'query' },
    };
    const { messages } = await converse(volc.fake.url('/ok/api/v1/tts/ws_binary', 'ws'), { Authorization: `Bearer; ${VOLC_TOKEN}` }, (ws) =>
      ws.send(frame(0b0001, 0, true, Buffer.from(JSON.stringify(request)))),
    );
    expect(messages[0]!.data.readUInt32BE(4)).toBe(3001);
  });

  it('Azure STT: audio before speech.config closes with 1007', async () => {
    const { code, reason } = await converse(
      azure.fake.url('/ok/stt?language=en-US&format=detailed', 'ws'),
      { 'Ocp-Apim-Subscription-Key': AZURE_KEY, 'X-ConnectionId': hex32() },
      (ws) => {
        const headers = Buffer.from(
          `Path: audio\r\nX-RequestId: ${hex32()}\r\nX-Timestamp: ${new Date().toISOString()}\r\nContent-Type: audio/x-wav\r\n`,
        );
        const length = Buffer.alloc(2);
        length.writeUInt16BE(headers.length);
        ws.send(Buffer.concat([length, headers, Buffer.alloc(320)]));
      },
    );
    expect({ code, reason }).toEqual({ code: 1007, reason: 'speech.config must be sent before audio' });
  });

  it('ElevenLabs Scribe: a sample_rate that is not the audio_format’s is an input_error', async () => {
    const { messages } = await converse(
      el.fake.url('/ok/v1/speech-to-text/realtime?model_id=scribe_v2_realtime&audio_format=pcm_8000&commit_strategy=manual', 'ws'),
      { 'xi-api-key': ELEVEN_KEY },
      (ws) =>
        ws.send(
          JSON.stringify({
            message_type: 'input_audio_chunk',
            audio_base_64: Buffer.alloc(320).toString('base64'),
            commit: false,
            sample_rate: 16000,
          }),
        ),
    );
    expect(JSON.parse(messages.at(-1)!.data.toString()).message_type).toBe('input_error');
  });

  it('MiniMax: a sample rate outside 8000…44100 is base_resp 2013 in an HTTP 200', async () => {
    const response = await fetch(mm.fake.url('/ok/v1/t2a_v2'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${MINIMAX_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'speech-02-turbo',
        text: 'hi',
        stream: true,
        voice_setting: { voice_id: 'female-shaonv' },
        audio_setting: { sample_rate: 12345, format: 'pcm' },
      }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).base_resp).toMatchObject({ status_code: 2013 });
  });
});
