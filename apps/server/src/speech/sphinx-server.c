/*
 * The offline recogniser's server (see sphinx-server.ts): one process holds the pocketsphinx decoders of many
 * calls, so a turn costs only its decoding. Starting pocketsphinx_continuous per turn cost ~35 ms of CPU
 * (process, model, grammar) on every turn of every call, and every audio frame crossed three processes.
 *
 * It listens on the Unix socket named by its only argument, serves one connection (the Node server), and
 * ends when that connection closes. Requests are binary frames, little-endian:
 *   u8 kind, u32 session, u32 length, then length bytes:
 *   'O' open      "model dir\ndictionary\ngrammar[\nbest-path]": a decoder for the session, ready for its first
 *                 turn (best-path: see end_part)
 *   'A' audio     8 kHz 16-bit samples: upsampled to 16 kHz (the model is wideband) and kept; decoded in
 *                 128 ms batches while no request waits to be read, the calls taking turns
 *   'S' settle    the callee paused (the VAD's end of speech): the call's kept audio is decoded now and the part
 *                 ended there, answered at once as a partial of the whole turn so far; the turn stays open
 *                 (speech that resumes is the turn's next part). What preemptive generation starts on.
 *   'Q' peek      the callee may have stopped (the VAD's first quiet window, before its end of speech): the
 *                 call's kept audio is decoded now and the turn so far answered as a partial, pocketsphinx's
 *                 utterance left open (speech that resumes goes on in it). What a speculation starts on.
 *   'F' flush     the turn is over: its final, once the call's own kept audio is decoded (not behind the
 *                 audio of other calls that came first: their callees are still talking, this one waits)
 *   'C' close     the decoder is freed
 * Answers are frames of the same shape, their payload text: 'P' a partial (pocketsphinx heard a pause inside
 * the turn and recognised the part before it), 'F' the turn's final (possibly empty), 'E' what went wrong
 * (the session's decoder could not be made: the session is unusable; an open of a session that is open
 * already, or a request of an unknown kind: refused, nothing changed). Frames are bounded: native-helper.h.
 *
 * Recognition is as pocketsphinx_continuous did it, turn by turn: each turn starts from the telephone
 * cepstral mean of the model folder (feat.params) and a fresh stream; inside a turn, pocketsphinx's own
 * voice-activity detector splits it at pauses and each part is matched to the grammar on its own, the
 * parts joined in the final.
 */
#include <math.h>
#include <pocketsphinx.h>
#include <poll.h>
#include <signal.h>

#include "native-helper.h"

#define HALF_TAPS 16
#define MAX_TEXT 4096
/*
 * Wideband samples gathered before pocketsphinx decodes them (128 ms, as pocketsphinx_continuous reads):
 * each call of ps_process_raw has a cost of its own, and fed 20 ms at a time it took twice the CPU.
 */
#define BATCH 2048
/*
 * Decoding waits while requests are waiting to be read (see main): a call's audio is kept, upsampled, until
 * the server has read what came, and a flush decodes its own call's audio at once. A call that has more than
 * this waiting (~8 s, 256 KB: a server that far behind answers too late anyway) is decoded as its audio
 * comes, in arrival order.
 */
#define MAX_PENDING (64 * BATCH)

typedef struct session {
  uint32_t id;
  ps_decoder_t *ps;
  mfcc_t *cmn_init;
  int in_speech;
  /* A part that matches no path to the grammar's end is the best path's words, not nothing (see end_part). */
  int best_path;
  /* Upsampled audio not decoded yet. */
  int16_t *pending;
  size_t pending_len, pending_cap;
  char said[MAX_TEXT];
  double line[2 * HALF_TAPS];
  struct session *next;
} session_t;

static session_t *sessions = NULL;
static double coeffs[HALF_TAPS];
static int fd = -1;

/*
 * 8 kHz -> 16 kHz: the input samples are kept as the even outputs and the odd ones interpolated by a
 * Blackman-windowed sinc (a half-band low-pass, 2 ms of delay, images above 4 kHz down by ~70 dB): the images
 * of 0-4 kHz speech at 4-8 kHz must go, or the model's wideband filters hear them as speech (a 4-point
 * interpolator recognised nothing). Unity gain at DC.
 */
static void half_band(void) {
  double sum = 0;
  for (int k = 0; k < HALF_TAPS; k++) {
    double x = k + 0.5;
    double sinc = sin(M_PI * x) / (M_PI * x);
    double w = 0.42 + 0.5 * cos(M_PI * x / HALF_TAPS) + 0.08 * cos(2 * M_PI * x / HALF_TAPS);
    coeffs[k] = sinc * w;
    sum += 2 * coeffs[k];
  }
  for (int k = 0; k < HALF_TAPS; k++) coeffs[k] /= sum;
}

static int16_t clamp(double v) {
  if (v > 32767) return 32767;
  if (v < -32768) return -32768;
  return (int16_t)lrint(v);
}

/* One 8 kHz sample in, two 16 kHz samples out (onto the session's pending audio, which has room for them). */
static void upsample(session_t *s, int16_t in) {
  double *line = s->line;
  memmove(line, line + 1, (2 * HALF_TAPS - 1) * sizeof(double));
  line[2 * HALF_TAPS - 1] = in;
  double odd = 0;
  for (int k = 0; k < HALF_TAPS; k++) odd += coeffs[k] * (line[HALF_TAPS - 1 - k] + line[HALF_TAPS + k]);
  s->pending[s->pending_len++] = clamp(line[HALF_TAPS - 1]);
  s->pending[s->pending_len++] = clamp(odd);
}

static session_t *find(uint32_t id) {
  for (session_t *s = sessions; s; s = s->next)
    if (s->id == id) return s;
  return NULL;
}

/* An answer frame: its payload is the text. */
static void answer(char kind, uint32_t id, const char *text) {
  send_frame(fd, kind, id, text, (uint32_t)strlen(text));
}

/* A new turn: a fresh stream from the telephone mean. */
static void start_turn(session_t *s) {
  cmn_live_set(ps_get_feat(s->ps)->cmn_struct, s->cmn_init);
  ps_start_stream(s->ps);
  ps_start_utt(s->ps);
  s->in_speech = 0;
  s->pending_len = 0;
  s->said[0] = '\0';
}

/*
 * Ends pocketsphinx's utterance and adds what it recognised to the turn. A grammar search whose audio reaches
 * no end of the grammar (a word outside it: "Leave a message, thanks.") recognises nothing at the utterance's
 * end; a session opened with best-path keeps, instead, the best path heard until then (the partial result).
 */
static void end_part(session_t *s) {
  char *best = NULL;
  if (s->best_path) {
    const char *partial = ps_get_hyp(s->ps, NULL);
    if (partial && *partial) best = strdup(partial);
  }
  ps_end_utt(s->ps);
  const char *hyp = ps_get_hyp(s->ps, NULL);
  if ((!hyp || !*hyp) && best) hyp = best;
  if (hyp && *hyp) {
    size_t used = strlen(s->said);
    snprintf(s->said + used, MAX_TEXT - used, "%s%s", used ? " " : "", hyp);
  }
  free(best);
}

static void open_session(uint32_t id, char *spec) {
  char *model = strtok(spec, "\n");
  char *dict = strtok(NULL, "\n");
  char *grammar = strtok(NULL, "\n");
  char *option = strtok(NULL, "\n");
  if (!model || !dict || !grammar) {
    answer('E', id, "open needs a model folder, a dictionary and a grammar");
    return;
  }
  cmd_ln_t *config = cmd_ln_init(NULL, ps_args(), TRUE, "-hmm", model, "-dict", dict, "-jsgf", grammar, "-samprate", "16000",
                                 "-logfn", "/dev/null", NULL);
  ps_decoder_t *ps = config ? ps_init(config) : NULL;
  if (config) cmd_ln_free_r(config);
  if (!ps) {
    answer('E', id, "pocketsphinx could not load the model, dictionary or grammar");
    return;
  }
  session_t *s = calloc(1, sizeof(session_t));
  cmn_t *cmn = ps_get_feat(ps)->cmn_struct;
  mfcc_t *cmn_init = calloc(cmn->veclen, sizeof(mfcc_t));
  if (!s || !cmn_init) {
    free(s);
    free(cmn_init);
    ps_free(ps);
    answer('E', id, "no memory for the decoder");
    return;
  }
  s->id = id;
  s->ps = ps;
  s->best_path = option && strcmp(option, "best-path") == 0;
  s->cmn_init = cmn_init;
  cmn_live_get(cmn, s->cmn_init);
  s->next = sessions;
  sessions = s;
  start_turn(s);
}

/*
 * Decodes the first `n` pending samples; at a pause pocketsphinx's detector heard inside the turn, the part
 * before it is recognised.
 */
static void decode(session_t *s, size_t n) {
  if (n == 0) return;
  ps_process_raw(s->ps, s->pending, n, FALSE, FALSE);
  s->pending_len -= n;
  memmove(s->pending, s->pending + n, s->pending_len * sizeof(int16_t));
  int speech = ps_get_in_speech(s->ps);
  if (speech && !s->in_speech) s->in_speech = 1;
  if (!speech && s->in_speech) {
    end_part(s);
    ps_start_utt(s->ps);
    s->in_speech = 0;
    if (s->said[0]) answer('P', s->id, s->said);
  }
}

static void audio(session_t *s, const int16_t *samples, size_t n) {
  if (s->pending_len + 2 * n > s->pending_cap) {
    size_t need = s->pending_len + 2 * n;
    size_t cap = need > 2 * s->pending_cap ? need + BATCH : 2 * s->pending_cap;
    int16_t *grown = realloc(s->pending, cap * sizeof(int16_t));
    if (!grown) {
      answer('E', s->id, "no memory for the call's audio");
      return;
    }
    s->pending = grown;
    s->pending_cap = cap;
  }
  for (size_t i = 0; i < n; i++) upsample(s, samples[i]);
  while (s->pending_len > MAX_PENDING) decode(s, BATCH);
}

/*
 * Decodes one batch of a call that has one waiting; 0 when none has. The calls take turns: the one served is
 * the first with a batch after the last one served in the list (wrapping round), so that none waits behind
 * the others.
 */
static int decode_some(void) {
  static uint32_t last = 0;
  session_t *first = NULL, *after = NULL;
  int passed = 0;
  for (session_t *s = sessions; s; s = s->next) {
    if (s->pending_len >= BATCH) {
      if (!first) first = s;
      if (passed && !after) after = s;
    }
    if (s->id == last) passed = 1;
  }
  session_t *pick = after ? after : first;
  if (!pick) return 0;
  last = pick->id;
  decode(pick, BATCH);
  return 1;
}

/* Decodes every sample the call has kept, however few (a settle or a flush cannot wait for a whole batch). */
static void decode_all(session_t *s) {
  while (s->pending_len >= BATCH) decode(s, BATCH);
  decode(s, s->pending_len);
}

static void settle(session_t *s) {
  decode_all(s);
  end_part(s);
  ps_start_utt(s->ps);
  s->in_speech = 0;
  answer('P', s->id, s->said);
}

/*
 * A settle here would end pocketsphinx's part at a pause the callee may not have made: one who goes on would have
 * the two halves of one phrase matched to the grammar apart. The open utterance's best path so far is read
 * instead (it may end inside the grammar's phrase where the final would not: the final decides).
 */
static void peek(session_t *s) {
  decode_all(s);
  const char *hyp = ps_get_hyp(s->ps, NULL);
  char text[MAX_TEXT];
  size_t used = strlen(s->said);
  memcpy(text, s->said, used + 1);
  if (hyp && *hyp) snprintf(text + used, MAX_TEXT - used, "%s%s", used ? " " : "", hyp);
  answer('P', s->id, text);
}

static void flush(session_t *s) {
  decode_all(s);
  end_part(s);
  answer('F', s->id, s->said);
  start_turn(s);
}

static void close_session(uint32_t id) {
  for (session_t **at = &sessions; *at; at = &(*at)->next) {
    if ((*at)->id != id) continue;
    session_t *s = *at;
    *at = s->next;
    // A turn is always open (start_turn); freed with it open, pocketsphinx kept its search's node list (~300 bytes a call).
    ps_end_utt(s->ps);
    ps_free(s->ps);
    free(s->cmn_init);
    free(s->pending);
    free(s);
    return;
  }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: sphinx-server SOCKET\n");
    return 2;
  }
  half_band();
  signal(SIGPIPE, SIG_IGN);
  fd = serve_one_connection("sphinx-server", argv[1]);
  uint8_t kind;
  uint32_t id, length;
  size_t capacity = 0;
  uint8_t *payload = NULL;
  int status = 0;
  for (;;) {
    /* Nothing to read: decode a batch of some call's audio. Requests first: a flush is answered as soon as its
       own call's audio is decoded, not after every other call's audio that came before it. */
    struct pollfd input = {.fd = fd, .events = POLLIN};
    if (poll(&input, 1, 0) == 0 && decode_some()) continue;
    int got = read_frame(fd, &kind, &id, &payload, &capacity, &length);
    if (got != FRAME_OK) {
      status = got == FRAME_END ? 0 : 3;
      break;
    }
    session_t *s = find(id);
    switch (kind) {
      case 'O':
        // A second open would hide the first decoder, which nothing could then close.
        if (s) answer('E', id, "this session is open already");
        else open_session(id, (char *)payload);
        break;
      case 'A':
        if (s) audio(s, (const int16_t *)payload, length / 2);
        break;
      case 'S':
        if (s) settle(s);
        break;
      case 'Q':
        if (s) peek(s);
        break;
      case 'F':
        if (s) flush(s);
        break;
      case 'C':
        close_session(id);
        break;
      default:
        answer('E', id, "unknown request");
        break;
    }
  }
  while (sessions) close_session(sessions->id);
  free(payload);
  return status;
}
