/*
 * The offline voice's server (see espeak-server.ts): one process keeps espeak-ng loaded and speaks sentence
 * after sentence, resampled to the call's 8 kHz by libsoxr (the library behind sox's high-quality `rate`).
 * An espeak-ng | sox pipeline per sentence cost ~29 ms of CPU, most of it starting espeak and loading its
 * voice data, before the first sample.
 *
 * It listens on the Unix socket named by its only argument, serves one connection (the Node server), and
 * ends when that connection closes. Frames both ways, little-endian: u8 kind, u32 request, u32 length, then
 * length bytes.
 *   in:  'S' speak   "voice\nwords per minute\ntext"      'X' cancel (the request's audio is not wanted)
 *   out: 'A' audio   8 kHz 16-bit samples, as espeak makes them (about 100 ms at a time)
 *        'D' done    the sentence is whole                'E' error   what went wrong (the request is over)
 * Sentences are spoken one at a time, in order. While one is being made, the connection is read between
 * espeak's chunks, so a cancel stops it at once. A sentence differs a little (a few percent of its level,
 * here and there) from what a fresh espeak makes of it: espeak keeps some of its voice's state from one
 * sentence to the next, and there is no call that resets it short of starting espeak again.
 */
#include <espeak-ng/speak_lib.h>
#include <poll.h>
#include <signal.h>
#include <soxr.h>

#include "native-helper.h"

/*
 * The longest sentence text espeak-ng is given, in bytes (MAX_SENTENCE_BYTES in espeak-server.ts, which
 * splits longer text before it comes here). espeak-ng's crafted-text faults (CVE-2023-49990 to -49994,
 * patched in Debian's 1.51) were in its clause and word buffers: a bound keeps what reaches them small.
 */
#define MAX_SENTENCE 1000

typedef struct request {
  uint32_t id;
  char *spec;
  struct request *next;
} request_t;

static int fd = -1;
static request_t *queue = NULL;
static uint32_t speaking = 0;
static int cancelled = 0;
static soxr_t resampler = NULL;
static double rate = 22050;

/*
 * Reads one request; a cancel of the sentence being spoken marks it, a cancel of a queued one drops it.
 * Returns when the connection ended (exit 0) or broke the framing (exit 3: see read_frame).
 */
static void read_request(void) {
  uint8_t kind;
  uint32_t id, length;
  size_t capacity = 0;
  uint8_t *payload = NULL;
  int got = read_frame(fd, &kind, &id, &payload, &capacity, &length);
  if (got != FRAME_OK) {
    free(payload);
    exit(got == FRAME_END ? 0 : 3);
  }
  if (kind != 'S' && kind != 'X') {
    free(payload);
    const char *why = "unknown request";
    send_frame(fd, 'E', id, why, (uint32_t)strlen(why));
    return;
  }
  if (kind == 'X') {
    free(payload);
    if (id == speaking) cancelled = 1;
    for (request_t **at = &queue; *at; at = &(*at)->next) {
      if ((*at)->id != id) continue;
      request_t *gone = *at;
      *at = gone->next;
      free(gone->spec);
      free(gone);
      break;
    }
    return;
  }
  request_t *r = calloc(1, sizeof(request_t));
  if (!r) {
    free(payload);
    const char *why = "no memory for the sentence";
    send_frame(fd, 'E', id, why, (uint32_t)strlen(why));
    return;
  }
  r->id = id;
  r->spec = (char *)payload;
  request_t **end = &queue;
  while (*end) end = &(*end)->next;
  *end = r;
}

/* 22,050 Hz -> 8 kHz into 'A' frames; with no input, what the resampler still holds (the sentence's end). */
static void resample_out(const short *in, size_t n) {
  short out[2048];
  size_t done = 0;
  for (;;) {
    size_t used = 0, made = 0;
    soxr_process(resampler, in ? in + done : NULL, in ? n - done : 0, &used, out, 2048, &made);
    done += used;
    if (made > 0) send_frame(fd, 'A', speaking, out, (uint32_t)(made * sizeof(short)));
    if (made == 0 && (!in || done >= n)) return;
  }
}

static void new_resampler(void) {
  if (resampler) soxr_delete(resampler);
  soxr_io_spec_t io = soxr_io_spec(SOXR_INT16_I, SOXR_INT16_I);
  soxr_quality_spec_t quality = soxr_quality_spec(SOXR_HQ, 0);
  soxr_error_t error = NULL;
  resampler = soxr_create(rate, 8000, 1, &error, &io, &quality, NULL);
  if (error) {
    fprintf(stderr, "espeak-server: %s\n", error);
    exit(1);
  }
}

static int on_audio(short *wav, int count, espeak_EVENT *events) {
  (void)events;
  // Between chunks: read what the server asked meanwhile (a cancel stops this sentence).
  struct pollfd p = {.fd = fd, .events = POLLIN};
  while (poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
    read_request();
  }
  if (cancelled) return 1;
  if (wav && count > 0) resample_out(wav, (size_t)count);
  return 0;
}

static void speak(request_t *r) {
  char *voice = strtok(r->spec, "\n");
  char *wpm = strtok(NULL, "\n");
  char *text = strtok(NULL, "");
  speaking = r->id;
  cancelled = 0;
  if (!voice || !wpm || !text) {
    const char *why = "a sentence needs a voice, a rate and its text";
    send_frame(fd, 'E', r->id, why, (uint32_t)strlen(why));
    return;
  }
  if (strlen(text) > MAX_SENTENCE) {
    char why[100];
    snprintf(why, sizeof(why), "a sentence of %zu bytes, over the %d the voice takes", strlen(text), MAX_SENTENCE);
    send_frame(fd, 'E', r->id, why, (uint32_t)strlen(why));
    return;
  }
  if (espeak_SetVoiceByName(voice) != EE_OK) {
    char why[300];
    snprintf(why, sizeof(why), "espeak-ng has no voice %s", voice);
    send_frame(fd, 'E', r->id, why, (uint32_t)strlen(why));
    return;
  }
  // espeak-ng's own range of rates (words per minute).
  int rate_wpm = atoi(wpm);
  espeak_SetParameter(espeakRATE, rate_wpm < 80 ? 80 : rate_wpm > 450 ? 450 : rate_wpm, 0);
  // A resampler of its own for each sentence: one cleared after the last one's end still differed from a
  // new one by a sample, and the sentence must sound the same whatever was said before it.
  new_resampler();
  // With the sentence-final pause the espeak-ng command adds: the same audio, sample for sample.
  espeak_ERROR result = espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8 | espeakENDPAUSE, NULL, NULL);
  if (cancelled) return;
  if (result != EE_OK) {
    const char *why = "espeak-ng could not speak the sentence";
    send_frame(fd, 'E', r->id, why, (uint32_t)strlen(why));
    return;
  }
  resample_out(NULL, 0);
  send_frame(fd, 'D', r->id, NULL, 0);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: espeak-server SOCKET\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  // Chunks of 100 ms: the first audio leaves as soon as espeak has made that much.
  int made = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 100, NULL, 0);
  if (made <= 0) {
    fprintf(stderr, "espeak-server: espeak-ng did not start\n");
    return 1;
  }
  rate = made;
  espeak_SetSynthCallback(on_audio);
  new_resampler();
  fd = serve_one_connection("espeak-server", argv[1]);
  for (;;) {
    while (!queue) read_request();
    request_t *r = queue;
    queue = r->next;
    speak(r);
    speaking = 0;
    free(r->spec);
    free(r);
  }
}
