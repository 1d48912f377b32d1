/*
 * What the native helpers (sphinx-server.c, espeak-server.c; native-helper.ts) share: they listen on the
 * Unix socket named on their command line, serve one connection, and talk in frames: u8 kind, u32 id,
 * u32 length (little-endian), then length bytes. Included by each helper's single source file.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

/* Listens on `path`, says so on stdout (the Node side waits for that line), and returns the one connection. */
static int serve_one_connection(const char *name, const char *path) {
  int listener = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  strncpy(address.sun_path, path, sizeof(address.sun_path) - 1);
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

/* Reads one frame's header and payload (NUL-terminated, in a buffer it grows); 0 when the connection ended. */
static int read_frame(int fd, uint8_t *kind, uint32_t *id, uint8_t **payload, size_t *capacity, uint32_t *length) {
  uint8_t header[9];
  if (!read_all(fd, header, sizeof(header))) return 0;
  *kind = header[0];
  memcpy(id, header + 1, 4);
  memcpy(length, header + 5, 4);
  if (*length + 1 > *capacity) {
    *capacity = *length + 1;
    *payload = realloc(*payload, *capacity);
  }
  if (*length > 0 && !read_all(fd, *payload, *length)) return 0;
  (*payload)[*length] = '\0';
  return 1;
}
