#include "page/page_findings.h"
#include "views/findings/findings.h"
#include <string.h>
#include "sinks/html_names.h"
#include "sinks/html_text.h"
#include "sinks/table.h" /* percent_append */
#include "util/timefmt.h"
#include "views/findings/finding.h"

static const char style[] =
	"ul.findings { margin: 0 0 12px; padding: 8px 8px 8px 28px; border-left: 4px solid var(--warn-fg);\n"
	"  background: var(--warn-bg); border-radius: 4px; }\n"
	"ul.findings li { margin: 4px 0; overflow-wrap: anywhere; }\n"
	"ul.findings code, p.found code { white-space: nowrap; }\n"
	"svg.saving { display: block; width: 100%; max-width: 40em; height: 0.6em; margin: 2px 0; }\n"
	"svg.saving rect.whole { fill: var(--warn-bg); stroke: var(--warn-fg); stroke-width: 0.5; }\n"
	"svg.saving rect.part { fill: var(--warn-fg); }\n"
	"div.about { margin: 8px 0 4px; }\n";

/* The bar of a saving: SHARE tenths of a percent of the analysed span. */
static void bar(GString *out, gint64 share)
{
	gint64 width = MIN(share, 1000);
	g_string_append_printf(out, "<svg class=\"saving\" viewBox=\"0 0 1000 10\" preserveAspectRatio=\"none\" "
			       "role=\"img\"><rect class=\"whole\" width=\"1000\" height=\"10\"/><rect class=\"part\" "
			       "width=\"%" G_GINT64_FORMAT "\" height=\"10\"/></svg>", width);
}

/* The evidence, whole when it is short; a long one (a name of thousands of
 * characters in it) as its start and, cut as the page cuts long names, its
 * end: no name is shown whole but in the page's list of names. */
#define EVIDENCE_WHOLE 1000 /* characters */
#define EVIDENCE_START 400
static void evidence(GString *list, const char *text)
{
	gsize len = strlen(text);
	if (!g_utf8_validate(text, (gssize)len, NULL) || g_utf8_strlen(text, (gssize)len) <= EVIDENCE_WHOLE) {
		html_append(list, text);
		return;
	}
	const char *cut = g_utf8_offset_to_pointer(text, EVIDENCE_START);
	g_autofree char *start = g_strndup(text, (gsize)(cut - text));
	html_append(list, start);
	html_names_cut(list, cut, len - (gsize)(cut - text));
}

static void item(GString *list, const struct finding *f)
{
	g_string_append(list, "<li><code>");
	html_append(list, f->rule->id);
	g_string_append_printf(list, "</code> (%s)", finding_severity_name(f->severity));
	if (f->saving >= 0) {
		g_string_append(list, ": saves up to ");
		time_append_ms(list, f->saving);
		g_string_append(list, " ms (");
		percent_append(list, finding_share(f));
		g_string_append(list, "% of the analysed span)");
	}
	if (f->device != FINDING_NO_DEVICE) {
		g_string_append(list, " on device ");
		g_autoptr(GString) device = g_string_new(NULL);
		finding_device_append(device, f);
		html_append(list, device->str);
	}
	g_string_append(list, ". ");
	evidence(list, f->evidence);
	g_string_append(list, ". To do: ");
	html_append(list, f->advice);
	g_string_append(list, ".");
	if (f->saving >= 0)
		bar(list, finding_share(f));
	g_string_append(list, "</li>\n");
}

void page_findings_add(HtmlPage *page, const struct run_summary *run)
{
	g_autoptr(GString) found = g_string_new(NULL), about = g_string_new(NULL), first = g_string_new(NULL);
	guint listed[2] = { 0, 0 }, more[2] = { 0, 0 }; /* performance, data: FINDINGS_LISTED of each at most */
	for (guint i = 0; run->findings && i < run->findings->len; i++) {
		const struct finding *f = run->findings->pdata[i];
		if (strcmp(f->rule->id, "incomplete-trace") == 0) { /* before every figure it distorts */
			item(first, f);
			continue;
		}
		guint kind = f->rule->kind != FINDING_PERFORMANCE;
		if (listed[kind] == FINDINGS_LISTED) {
			more[kind]++;
			continue;
		}
		listed[kind]++;
		item(kind ? about : found, f);
	}
	for (guint kind = 0; kind < 2; kind++)
		if (more[kind])
			g_string_append_printf(kind ? about : found, "<li>and %u more (<code>--summary findings</code> lists "
					       "every one)</li>\n", more[kind]);
	GString *body = html_page_lead(page, "findings", "What the analysis found");
	if (first->len)
		g_string_append_printf(body, "<div class=\"about\"><strong>The trace is incomplete: every figure below "
				       "undercounts</strong></div>\n<ul class=\"findings\">\n%s</ul>\n", first->str);
	if (found->len)
		g_string_append_printf(body, "<ul class=\"findings\">\n%s</ul>\n", found->str);
	else if (!run->trace->device->len)
		html_paragraph(body, "note found",
			       "Nothing to judge: the trace has no device events (kernels, copies, memsets), so there is "
			       "no device time to cover, no idle device and no roofline.");
	else
		html_paragraph(body, "note found",
			       "Nothing stood out: no performance rule of the findings fired (profile_parser(1), "
			       "FINDINGS; --summary findings writes them).");
	if (about->len)
		g_string_append_printf(body, "<div class=\"about\"><strong>About this trace</strong></div>\n<ul class=\"findings\">\n%s</ul>\n",
				       about->str);
	html_page_style(page, style);
}
