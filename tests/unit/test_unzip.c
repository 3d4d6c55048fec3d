/* src/input/unzip.c: a file read again, plain; gzip of two members (the
 * second appended by gzopen "ab") with bytes after the last; a header
 * with FEXTRA, FNAME and FCOMMENT made by hand; a header that is not
 * deflate's and a member cut short, errors. Read in small pieces so that
 * a member's end falls inside a read. */
#include "unit.h"
#include <glib/gstdio.h>
#include <zlib.h>
#include "input/unzip.h"

static char *all(const char *path, gsize piece, gboolean *ok)
{
	Unzip *u = unzip_open(path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(u);
	GString *out = g_string_new(NULL);
	char *buffer = g_malloc(piece);
	gssize n;
	while ((n = unzip_read(u, buffer, piece)) > 0)
		g_string_append_len(out, buffer, n);
	*ok = n == 0;
	g_free(buffer);
	unzip_close(u);
	return g_string_free(out, FALSE);
}

static char *scratch(const char *name)
{
	return g_build_filename(g_get_tmp_dir(), name, NULL);
}

static void test_plain_and_members(void)
{
	g_autofree char *plain = scratch("test_unzip_plain.json");
	g_assert_true(g_file_set_contents(plain, "{\"traceEvents\": []}", -1, NULL));
	gboolean ok;
	g_autofree char *text = all(plain, 5, &ok);
	CU_ASSERT_TRUE(ok);
	ASSERT_STR(text, "{\"traceEvents\": []}");
	g_autofree char *gz = scratch("test_unzip_members.json.gz");
	gzFile f = gzopen(gz, "wb");
	gzputs(f, "hello, ");
	gzclose(f);
	f = gzopen(gz, "ab");
	gzputs(f, "world");
	gzclose(f);
	FILE *tail = fopen(gz, "ab");
	fputs("xy", tail); /* no header: the end, as gzread reads it */
	fclose(tail);
	g_autofree char *members = all(gz, 3, &ok);
	CU_ASSERT_TRUE(ok);
	ASSERT_STR(members, "hello, world");
	g_unlink(plain);
	g_unlink(gz);
}

/* A gzip file by hand: header with FLAGS' fields, raw deflate of TEXT, trailer. */
static void write_member(const char *path, const char *text, guchar flags, guchar method, gsize cut)
{
	GByteArray *bytes = g_byte_array_new();
	guchar header[10] = { 0x1f, 0x8b, method, flags, 0, 0, 0, 0, 0, 3 };
	g_byte_array_append(bytes, header, 10);
	if (flags & 4)
		g_byte_array_append(bytes, (const guchar *)"\3\0abc", 5);
	if (flags & 8)
		g_byte_array_append(bytes, (const guchar *)"name\0", 5);
	if (flags & 16)
		g_byte_array_append(bytes, (const guchar *)"comment\0", 8);
	z_stream z = { 0 };
	g_assert_cmpint(deflateInit2(&z, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY), ==, Z_OK);
	guchar out[256];
	z.next_in = (Bytef *)text;
	z.avail_in = (uInt)strlen(text);
	z.next_out = out;
	z.avail_out = sizeof out;
	g_assert_cmpint(deflate(&z, Z_FINISH), ==, Z_STREAM_END);
	g_byte_array_append(bytes, out, sizeof out - z.avail_out);
	deflateEnd(&z);
	g_byte_array_append(bytes, (const guchar *)"\0\0\0\0\0\0\0\0", 8); /* the CRC is not checked again */
	g_assert_true(g_file_set_contents(path, (const char *)bytes->data, (gssize)(bytes->len - cut), NULL));
	g_byte_array_free(bytes, TRUE);
}

static void test_header_fields_and_errors(void)
{
	g_autofree char *gz = scratch("test_unzip_fields.json.gz");
	gboolean ok;
	write_member(gz, "[1, 2, 3]", 4 | 8 | 16, 8, 0);
	g_autofree char *text = all(gz, 4, &ok);
	CU_ASSERT_TRUE(ok);
	ASSERT_STR(text, "[1, 2, 3]");
	write_member(gz, "[1]", 0, 7, 0); /* a method that is not deflate */
	g_autofree char *bad = all(gz, 64, &ok);
	CU_ASSERT_FALSE(ok);
	write_member(gz, "[1, 2, 3, 4, 5]", 0, 8, 12); /* cut inside the data */
	g_autofree char *cut = all(gz, 64, &ok);
	CU_ASSERT_FALSE(ok);
	g_unlink(gz);
}

UNIT_MAIN("unzip", UNIT_TEST(test_plain_and_members), UNIT_TEST(test_header_fields_and_errors))
