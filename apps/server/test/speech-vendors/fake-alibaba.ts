import { signQuery } from '../../src/speech/vendors/alibaba/ali-token.ts';
import { pcmLe, sleep, startFakeVendor, streamTtsChunks, tone } from './fake-vendor.ts';

export const ALI_TOKEN = 'ali-good-token';
export const ALI_AK = { accessKeyId: 'LTAI-test', accessKeySecret: 'ak-secret' };

interface Command {
  header: { name: string; namespace: string; task_id: string; appkey: string; message_id: string };
  payload?: Record<string, unknown>;
}

/**
 * Alibaba NLS, faked: the CreateToken POP endpoint (checks the HMAC-SHA1 signature with the AccessKey
 * secret), and the gateway WebSocket (X-NLS-Token): StartSynthesis → binary PCM + SynthesisCompleted;
 * StartTranscription → TranscriptionStarted, audio, StopTranscription → SentenceEnd +
 * TranscriptionCompleted. A bad token answers TaskFailed 40000001 as the gateway does.
 */
export async function startFakeAlibaba() {
  const seen = { commands: [] as Command[], tokenCalls: 0, audioBytes: 0, audioBeforeStart: 0 };
  const fake = await startFakeVendor({
    http: (request, _body, response) => {
      const url = new URL(request.url!, 'http://x');
      const params = Object.fromEntries(url.searchParams);
      const { Signature, ...signed } = params;
      seen.tokenCalls++;
      if (params.AccessKeyId !== ALI_AK.accessKeyId || Signature !== signQuery(signed, ALI_AK.accessKeySecret)) {
        response
          .writeHead(400, { 'content-type': 'application/json' })
          .end('{"Code":"SignatureDoesNotMatch","Message":"Specified signature is not matched"}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ Token: { Id: ALI_TOKEN, ExpireTime: Math.floor(Date.now() / 1000) + 86_400 } }));
    },
    ws: (socket, request) => {
      const mode = request.url!.split('/')[1];
      const tokenOk = request.headers['x-nls-token'] === ALI_TOKEN;
      let started = false;
      let frames = 0;
      const event = (command: Command, name: string, payload: object = {}, status = 20000000, statusText = 'GATEWAY|SUCCESS|Success.') =>
        socket.send(
          JSON.stringify({
            header: { namespace: command.header.namespace, name, status, status_text: statusText, task_id: command.header.task_id },
            payload,
          }),
        );
      socket.on('message', async (data: Buffer, binary: boolean) => {
        if (binary) {
          if (!started) seen.audioBeforeStart++;
          seen.audioBytes += data.length;
          frames++;
          if (mode === 'drop' && frames === 4) socket.terminate();
          return;
        }
        const command = JSON.parse(data.toString('utf8')) as Command;
        seen.commands.push(command);
        if (!tokenOk) {
          event(command, 'TaskFailed', {}, 40000001, `Gateway:ACCESS_DENIED:The token '${request.headers['x-nls-token']}' is invalid!`);
          socket.close();
          return;
        }
        if (command.header.name === 'StartSynthesis') {
          const audio = pcmLe(tone(1600));
          const peer = { gone: () => socket.readyState !== socket.OPEN, cut: () => socket.terminate() };
          if (!(await streamTtsChunks(mode, peer, (q) => socket.send(audio.subarray(q * 800, q * 800 + 800))))) return;
          event(command, 'SynthesisCompleted');
        } else if (command.header.name === 'StartTranscription') {
          await sleep(30);
          started = true;
          event(command, 'TranscriptionStarted', { session_id: 'fake' });
          event(command, 'SentenceBegin', { index: 1, time: 320 });
          event(command, 'TranscriptionResultChanged', { index: 1, time: 600, result: '我想' });
        } else if (command.header.name === 'StopTranscription') {
          event(command, 'SentenceEnd', { index: 1, time: 900, begin_time: 320, result: '我想了解一下。', confidence: 0.88 });
          event(command, 'TranscriptionCompleted');
        }
      });
    },
  });
  return { fake, seen };
}
