#include "sinks/html_page.h"
#include <string.h>
#include "sinks/html_assets.h"
#include "sinks/html_names.h"
#include "sinks/html_text.h"
#include "sinks/table_names.h"

#define WARNING_PREFIX "profile_parser: warning: "
#define WARNING_CHARS 2000 /* a longer warning (a long name in it) is cut in its middle; standard error has it whole */
#define CSP "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

struct html_section {
	char *id;
	char *title;
	GString *body;
	gboolean lead; /* written before the contents (html_page_lead) */
};

struct html_page {
	char *title;
	GString *facts;       /* <dt>/<dd> pairs */
	GPtrArray *warnings;  /* char *: the lines, as given */
	GPtrArray *sections;  /* struct html_section * */
	GString *style, *script; /* the sections' own, after the page's */
	struct html_names *names; /* the full texts of the long names shown cut */
};

static void section_free(gpointer data)
{
	struct html_section *s = data;
	g_free(s->id);
	g_free(s->title);
	g_string_free(s->body, TRUE);
	g_free(s);
}

struct html_page *html_page_new(const char *title)
{
	struct html_page *page = g_new0(struct html_page, 1);
	page->title = g_strdup(title);
	page->facts = g_string_new(NULL);
	page->warnings = g_ptr_array_new_with_free_func(g_free);
	page->sections = g_ptr_array_new_with_free_func(section_free);
	page->style = g_string_new(NULL);
	page->script = g_string_new(NULL);
	page->names = html_names_new();
	return page;
}

void html_page_free(struct html_page *page)
{
	if (!page)
		return;
	g_free(page->title);
	g_string_free(page->facts, TRUE);
	g_ptr_array_free(page->warnings, TRUE);
	g_ptr_array_free(page->sections, TRUE);
	g_string_free(page->style, TRUE);
	g_string_free(page->script, TRUE);
	html_names_free(page->names);
	g_free(page);
}

void html_page_fact(struct html_page *page, const char *label, const char *value)
{
	g_string_append(page->facts, "<dt>");
	html_append(page->facts, label);
	g_string_append(page->facts, "</dt><dd>");
	html_append(page->facts, value);
	g_string_append(page->facts, "</dd>\n");
}

void html_page_fact_cut(struct html_page *page, const char *label, const char *value)
{
	g_string_append(page->facts, "<dt>");
	html_append(page->facts, label);
	g_string_append(page->facts, "</dt><dd>");
	html_names_append(page->names, page->facts, value, strlen(value));
	g_string_append(page->facts, "</dd>\n");
}

void html_page_fact_list(struct html_page *page, const char *label, const char *const *values, guint count,
			 guint64 more)
{
	g_string_append(page->facts, "<dt>");
	html_append(page->facts, label);
	g_string_append(page->facts, "</dt><dd>");
	for (guint i = 0; i < count; i++) {
		if (i)
			g_string_append(page->facts, ", ");
		html_names_append(page->names, page->facts, values[i], strlen(values[i]));
	}
	if (more)
		g_string_append_printf(page->facts, "%sand %" G_GUINT64_FORMAT " more", count ? ", " : "", more);
	g_string_append(page->facts, "</dd>\n");
}

void html_page_facts_more(struct html_page *page, const char *label, guint64 more, const char *where)
{
	g_autofree char *value = g_strdup_printf("and %" G_GUINT64_FORMAT " more%s%s", more, where ? ": " : "",
						 where ? where : "");
	html_page_fact(page, label, value);
}

struct html_names *html_page_names(struct html_page *page)
{
	return page->names;
}

void html_page_warnings(struct html_page *page, const char *text)
{
	g_auto(GStrv) lines = g_strsplit(text ? text : "", "\n", -1);
	for (char **line = lines; *line; line++) {
		const char *shown = g_str_has_prefix(*line, WARNING_PREFIX) ? *line + strlen(WARNING_PREFIX) : *line;
		if (!*shown)
			continue;
		g_autofree char *valid = g_utf8_make_valid(shown, -1);
		GString *line = g_string_new(NULL);
		table_shorten(line, valid, strlen(valid), WARNING_CHARS, WARNING_CHARS / 2);
		g_ptr_array_add(page->warnings, g_string_free(line, FALSE));
	}
}

GString *html_page_section(struct html_page *page, const char *id, const char *title)
{
	struct html_section *s = g_new0(struct html_section, 1);
	s->id = g_strdup(id);
	s->title = g_strdup(title);
	s->body = g_string_new(NULL);
	g_ptr_array_add(page->sections, s);
	return s->body;
}

GString *html_page_lead(struct html_page *page, const char *id, const char *title)
{
	GString *body = html_page_section(page, id, title);
	((struct html_section *)page->sections->pdata[page->sections->len - 1])->lead = TRUE;
	return body;
}

void html_page_style(struct html_page *page, const char *css)
{
	g_string_append(page->style, css);
}

void html_page_script(struct html_page *page, const char *js)
{
	g_string_append(page->script, js);
}

void html_paragraph(GString *body, const char *class, const char *text)
{
	if (class)
		g_string_append_printf(body, "<p class=\"%s\">", class);
	else
		g_string_append(body, "<p>");
	html_append(body, text);
	g_string_append(body, "</p>\n");
}

static void append_head(GString *out, const struct html_page *page)
{
	g_string_append(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			     "<meta http-equiv=\"Content-Security-Policy\" content=\"" CSP "\">\n"
			     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
			     "<meta name=\"generator\" content=\"profile_parser\">\n<title>");
	html_append(out, page->title);
	g_string_append_printf(out, "</title>\n<style>\n%s%s</style>\n</head>\n<body>\n<header>\n<h1>", html_style,
			       page->style->str);
	html_append(out, page->title);
	g_string_append(out, "</h1>\n");
	if (page->facts->len)
		g_string_append_printf(out, "<dl class=\"facts\">\n%s</dl>\n", page->facts->str);
	g_string_append(out, "</header>\n");
}

/* The links to the sections, the lead ones (LEAD) or the others. */
static void append_links(GString *out, const struct html_page *page, gboolean lead)
{
	for (guint i = 0; i < page->sections->len; i++) {
		const struct html_section *s = page->sections->pdata[i];
		if (s->lead != lead)
			continue;
		g_string_append_printf(out, "<li><a href=\"#%s\">", s->id);
		html_append(out, s->title);
		g_string_append(out, "</a></li>\n");
	}
}

static void append_toc(GString *out, const struct html_page *page)
{
	g_string_append(out, "<nav class=\"toc\" aria-label=\"Contents\"><strong>Contents</strong><ol>\n");
	append_links(out, page, TRUE);
	g_string_append_printf(out, "<li><a href=\"#warnings\">Warnings (%u)</a></li>\n", page->warnings->len);
	append_links(out, page, FALSE);
	if (html_names_any(page->names))
		g_string_append_printf(out, "<li><a href=\"#names\">Long names (%u)</a></li>\n", html_names_count(page->names));
	g_string_append(out, "</ol></nav>\n");
}

/* Writes the sections, the lead ones (LEAD) or the others; FALSE when OUT fails. */
static gboolean write_sections(struct output *out, const struct html_page *page, gboolean lead, GString *text)
{
	gboolean ok = TRUE;
	for (guint i = 0; ok && i < page->sections->len; i++) {
		const struct html_section *s = page->sections->pdata[i];
		if (s->lead != lead)
			continue;
		g_string_printf(text, "<section id=\"%s\">\n<h2>", s->id);
		html_append(text, s->title);
		g_string_append(text, "</h2>\n");
		ok = output_write(out, text->str, text->len) && output_write(out, s->body->str, s->body->len) &&
		     output_write(out, "</section>\n", strlen("</section>\n"));
	}
	return ok;
}

static void append_warnings(GString *out, const struct html_page *page)
{
	g_string_append(out, "<section id=\"warnings\">\n<h2>Warnings</h2>\n");
	if (!page->warnings->len)
		g_string_append(out, "<p class=\"note\">None: the run saw nothing it should warn of.</p>\n");
	else {
		g_string_append(out, "<ul class=\"warnings\">\n");
		for (guint i = 0; i < page->warnings->len; i++) {
			g_string_append(out, "<li>");
			html_append(out, page->warnings->pdata[i]);
			g_string_append(out, "</li>\n");
		}
		g_string_append(out, "</ul>\n");
	}
	g_string_append(out, "</section>\n");
}

gboolean html_page_write(const struct html_page *page, struct output *out)
{
	g_autoptr(GString) text = g_string_sized_new(1 << 16);
	append_head(text, page);
	gboolean ok = output_write(out, text->str, text->len) && write_sections(out, page, TRUE, text);
	g_string_truncate(text, 0);
	append_toc(text, page);
	append_warnings(text, page);
	ok = ok && output_write(out, text->str, text->len) && write_sections(out, page, FALSE, text);
	g_string_truncate(text, 0);
	if (html_names_any(page->names)) { /* last: every section has cut its names */
		g_string_append(text, "<section id=\"names\">\n<h2>Long names</h2>\n");
		html_names_append_list(page->names, text);
		g_string_append(text, "</section>\n");
	}
	ok = ok && output_write(out, text->str, text->len);
	g_string_printf(text, "<script>\n%s%s</script>\n</body>\n</html>\n", html_script, page->script->str);
	return ok && output_write(out, text->str, text->len);
}
