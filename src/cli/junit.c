#include "cli/junit.h"
#include <errno.h>
#include <string.h>
#include "output/output.h"
#include "util/visible.h"

/* TEXT as an XML attribute's value or element's text. */
static void append_xml(GString *out, const char *text)
{
	g_autoptr(GString) shown = g_string_new(NULL);
	visible_append(shown, text, strlen(text), VISIBLE_ESCAPE);
	g_autofree char *valid = g_utf8_make_valid(shown->str, (gssize)shown->len);
	g_autofree char *escaped = g_markup_escape_text(valid, -1);
	g_string_append(out, escaped);
}

static void append_attribute(GString *out, const char *name, const char *value)
{
	g_string_append_printf(out, " %s=\"", name);
	append_xml(out, value);
	g_string_append_c(out, '"');
}

static void append_check(GString *out, const struct gate_check *check)
{
	g_autofree char *classname = g_strconcat("profile_parser.", check->kind, NULL);
	g_string_append(out, "    <testcase");
	append_attribute(out, "classname", classname);
	append_attribute(out, "name", check->name);
	g_string_append(out, ">\n");
	switch (check->outcome) {
	case GATE_FAILED:
		g_string_append(out, "      <failure");
		append_attribute(out, "type", check->kind);
		append_attribute(out, "message", check->reason);
		g_string_append_c(out, '>');
		append_xml(out, check->found);
		g_string_append(out, "</failure>\n");
		break;
	case GATE_SKIPPED:
		g_string_append(out, "      <skipped");
		append_attribute(out, "message", check->found);
		g_string_append(out, "/>\n");
		break;
	default:
		g_string_append(out, "      <system-out>");
		append_xml(out, check->found);
		g_string_append(out, "</system-out>\n");
	}
	g_string_append(out, "    </testcase>\n");
}

gboolean junit_write(const char *path, const struct gate *gate, GError **error)
{
	guint failures = 0, skipped = 0;
	for (guint i = 0; i < gate->checks->len; i++) {
		const struct gate_check *check = gate->checks->pdata[i];
		failures += check->outcome == GATE_FAILED;
		skipped += check->outcome == GATE_SKIPPED;
	}
	g_autoptr(GString) xml = g_string_new("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	g_string_append_printf(xml, "<testsuites name=\"profile_parser\" tests=\"%u\" failures=\"%u\" errors=\"0\">\n",
			       gate->checks->len, failures);
	g_string_append_printf(xml,
			       "  <testsuite name=\"profile_parser\" tests=\"%u\" failures=\"%u\" errors=\"0\" "
			       "skipped=\"%u\">\n",
			       gate->checks->len, failures, skipped);
	if (gate->properties->len) {
		g_string_append(xml, "    <properties>\n");
		for (guint i = 0; i + 1 < gate->properties->len; i += 2) {
			g_string_append(xml, "      <property");
			append_attribute(xml, "name", gate->properties->pdata[i]);
			append_attribute(xml, "value", gate->properties->pdata[i + 1]);
			g_string_append(xml, "/>\n");
		}
		g_string_append(xml, "    </properties>\n");
	}
	for (guint i = 0; i < gate->checks->len; i++)
		append_check(xml, gate->checks->pdata[i]);
	g_string_append(xml, "  </testsuite>\n</testsuites>\n");
	struct output output = { 0 };
	if (!output_open(&output, path, FALSE, error))
		return FALSE;
	if (!output_write(&output, xml->str, xml->len)) {
		int saved = errno;
		output_abort(&output);
		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved), "cannot write: %s", g_strerror(saved));
		return FALSE;
	}
	return output_commit(&output, error);
}
