#include "input/unzip.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#define INPUT (256u * 1024)

struct unzip {
	FILE *file;
	gboolean gzip;
	gboolean inited;   /* Z is inflateInit2'ed */
	gboolean member;   /* inside a member's deflate data */
	gboolean ended;    /* no more data */
	z_stream z;
	guchar *in;
	char *error;
};

Unzip *unzip_open(const char *path)
{
	FILE *file = fopen(path, "rb");
	if (!file)
		return NULL;
	Unzip *u = g_new0(Unzip, 1);
	u->file = file;
	guchar magic[2];
	u->gzip = fread(magic, 1, 2, file) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
	rewind(file);
	u->in = g_malloc(INPUT);
	return u;
}

static void failed(Unzip *u, const char *what)
{
	if (!u->error)
		u->error = g_strdup(what);
}

/* More input when none is left: FALSE at the end of the file (or on an error). */
static gboolean fill(Unzip *u)
{
	if (u->z.avail_in)
		return TRUE;
	size_t n = fread(u->in, 1, INPUT, u->file);
	if (!n) {
		if (ferror(u->file))
			failed(u, g_strerror(errno ? errno : EIO));
		return FALSE;
	}
	u->z.next_in = u->in;
	u->z.avail_in = (uInt)n;
	return TRUE;
}

/* The next input byte, or -1 at the end. */
static int next_byte(Unzip *u)
{
	if (!fill(u))
		return -1;
	u->z.avail_in--;
	return *u->z.next_in++;
}

static gboolean skip(Unzip *u, guint n)
{
	while (n--)
		if (next_byte(u) < 0)
			return FALSE;
	return TRUE;
}

static gboolean skip_string(Unzip *u)
{
	int c;
	while ((c = next_byte(u)) > 0)
		;
	return c == 0;
}

/* A member's header read: 1; the end of the data (the file's, or bytes that
 * are no header): 0; a broken header: -1. */
static int member_start(Unzip *u)
{
	int id1 = next_byte(u), id2 = id1 < 0 ? -1 : next_byte(u);
	if (id1 != 0x1f || id2 != 0x8b)
		return u->error ? -1 : 0;
	int method = next_byte(u), flags = method < 0 ? -1 : next_byte(u);
	if (method != 8 || flags < 0 || !skip(u, 6)) {
		failed(u, "a gzip header that is not deflate's or is cut short");
		return -1;
	}
	if (flags & 4) { /* FEXTRA */
		int lo = next_byte(u), hi = lo < 0 ? -1 : next_byte(u);
		if (hi < 0 || !skip(u, (guint)(lo | hi << 8))) {
			failed(u, "a gzip header cut short");
			return -1;
		}
	}
	if (((flags & 8) && !skip_string(u)) || ((flags & 16) && !skip_string(u)) || ((flags & 2) && !skip(u, 2))) {
		failed(u, "a gzip header cut short");
		return -1;
	}
	int rc = u->inited ? inflateReset(&u->z) : inflateInit2(&u->z, -MAX_WBITS);
	if (rc != Z_OK) {
		failed(u, "zlib cannot start inflating");
		return -1;
	}
	u->inited = TRUE;
	u->member = TRUE;
	return 1;
}

gssize unzip_read(Unzip *u, char *bytes, gsize len)
{
	if (u->error)
		return -1;
	if (!u->gzip) {
		size_t n = fread(bytes, 1, len, u->file);
		if (!n && ferror(u->file)) {
			failed(u, g_strerror(errno ? errno : EIO));
			return -1;
		}
		return (gssize)n;
	}
	u->z.next_out = (Bytef *)bytes;
	u->z.avail_out = (uInt)MIN(len, (gsize)G_MAXUINT32);
	uInt asked = u->z.avail_out;
	while (u->z.avail_out && !u->ended) {
		if (!u->member) {
			int r = member_start(u);
			if (r < 0)
				return -1;
			if (!r) {
				u->ended = TRUE;
				break;
			}
		}
		if (!fill(u)) {
			failed(u, "the file ends inside compressed data");
			return -1;
		}
		int rc = inflate(&u->z, Z_NO_FLUSH);
		if (rc == Z_STREAM_END) {
			u->member = FALSE;
			if (!skip(u, 8)) { /* CRC-32 and ISIZE */
				failed(u, "the file ends inside a gzip trailer");
				return -1;
			}
		} else if (rc != Z_OK) {
			failed(u, u->z.msg ? u->z.msg : "zlib refused the data");
			return -1;
		}
	}
	return (gssize)(asked - u->z.avail_out);
}

const char *unzip_error(const Unzip *u)
{
	return u->error ? u->error : "";
}

void unzip_close(Unzip *u)
{
	if (!u)
		return;
	if (u->inited)
		inflateEnd(&u->z);
	fclose(u->file);
	g_free(u->in);
	g_free(u->error);
	g_free(u);
}
