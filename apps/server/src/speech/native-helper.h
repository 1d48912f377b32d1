/*
 * What the native helpers (sphinx-server.c, espeak-server.c; native-helper.ts) share: they listen on the
 * Unix socket named on their command line, serve one connection, and talk in frames: u8 kind, u32 id,
 * u32 length (little-endian), then length bytes. Included by each helper's single source file.
 *
 * The peer is not trusted: a frame longer than MAX_FRAME closes the connection (the helper exits), every
 * allocation is checked, and the socket must lie in a folder only this user can enter.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

/*
 * The largest payload a frame may carry, both ways. The Node side sends 20 ms of audio (320 bytes), a few
 * paths or a sentence; it splits anything longer. A peer announcing more is not our server: the helper
 * says so on stderr and exits, which closes the connection.
 */
#define MAX_FRAME 65536

/* What read_frame found. */
enum { FRAME_END = 0, FRAME_OK = 1, FRAME_REFUSED = -1 };

/* The helper's name in what it writes on stderr. */
static const char *helper_name = "native helper";

/*
 * Refuses a socket path that sockaddr_un would cut (108 bytes with its NUL on Linux: a cut path is another
 * file) or whose folder other users can enter (they could connect before our server does).
 */
static void check_socket_path(const char *path, size_t room) {
  size_t length = strlen(path);
  if (length == 0 || length >= room) {
    fprintf(stderr, "%s: the socket path is %zu bytes; a Unix socket takes 1 to %zu\n", helper_name, length, room - 1);
    exit(2);
  }
  char folder[sizeof(((struct sockaddr_un *)0)->sun_path)];
  memcpy(folder, path, length + 1);
  char *slash = strrchr(folder, '/');
  if (!slash) strcpy(folder, ".");
  else if (slash == folder) slash[1] = '\0';
  else *slash = '\0';
  struct stat info;
  if (lstat(folder, &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != geteuid() || (info.st_mode & 077) != 0) {
    fprintf(stderr, "%s: the socket's folder %s must be a folder of this user that no one else can enter (mode 0700)\n",
            helper_name, folder);
    exit(2);
  }
}

/* Listens on `path`, says so on stdout (the Node side waits for that line), and returns the one connection. */
static int serve_one_connection(const char *name, const char *path) {
  helper_name = name;
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  check_socket_path(path, sizeof(address.sun_path));
  memcpy(address.sun_path, path, strlen(path) + 1);
  // The socket itself is ours alone too (srw-------), whatever umask the server runs with.
  umask(077);
  int listener = socket(AF_UNIX, SOCK_STREAM, 0);
  unlink(path);
  if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof(address)) != 0 || listen(listener, 1) != 0) {
    fprintf(stderr, "%s: cannot listen on %s: %s\n", name, path, strerror(errno));
    exit(1);
  }
  printf("listening\n");
  fflush(stdout);
  int fd = accept(listener, NULL, NULL);
  close(listener);
  unlink(path);
  if (fd < 0) {
    fprintf(stderr, "%s: accept: %s\n", name, strerror(errno));
    exit(1);
  }
  return fd;
}

/* Writes one frame; when the Node side has gone there is nobody left to serve, and the helper exits. */
static void send_frame(int fd, char kind, uint32_t id, const void *payload, uint32_t length) {
  uint8_t header[9];
  header[0] = (uint8_t)kind;
  memcpy(header + 1, &id, 4);
  memcpy(header + 5, &length, 4);
  const uint8_t *parts[2] = {header, payload};
  size_t sizes[2] = {sizeof(header), length};
  for (int i = 0; i < 2; i++) {
    size_t done = 0;
    while (done < sizes[i]) {
      ssize_t wrote = write(fd, parts[i] + done, sizes[i] - done);
      if (wrote < 0 && errno == EINTR) continue;
      if (wrote <= 0) exit(0);
      done += (size_t)wrote;
    }
  }
}

/* Reads exactly n bytes; 0 when the connection ended first. */
static int read_all(int fd, void *buf, size_t n) {
  uint8_t *p = buf;
  while (n > 0) {
    ssize_t got = read(fd, p, n);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return 0;
    p += got;
    n -= (size_t)got;
  }
  return 1;
}

/*
 * Reads one frame's header and payload (NUL-terminated, in a buffer it grows): FRAME_OK; FRAME_END when the
 * connection ended, even mid-frame; FRAME_REFUSED (said on stderr) for a frame over MAX_FRAME or one there
 * is no memory for: the caller ends the connection.
 */
static int read_frame(int fd, uint8_t *kind, uint32_t *id, uint8_t **payload, size_t *capacity, uint32_t *length) {
  uint8_t header[9];
  if (!read_all(fd, header, sizeof(header))) return FRAME_END;
  *kind = header[0];
  memcpy(id, header + 1, 4);
  memcpy(length, header + 5, 4);
  if (*length > MAX_FRAME) {
    fprintf(stderr, "%s: a frame of %u bytes, over the %d allowed: the connection is closed\n", helper_name, *length, MAX_FRAME);
    return FRAME_REFUSED;
  }
  size_t need = (size_t)*length + 1;
  if (need > *capacity) {
    uint8_t *grown = realloc(*payload, need);
    if (!grown) {
      fprintf(stderr, "%s: no memory for a frame of %u bytes\n", helper_name, *length);
      return FRAME_REFUSED;
    }
    *payload = grown;
    *capacity = need;
  }
  if (*length > 0 && !read_all(fd, *payload, *length)) return FRAME_END;
  (*payload)[*length] = '\0';
  return FRAME_OK;
}
