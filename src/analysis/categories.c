#include "analysis/categories.h"
#include <string.h>
#include "input/roles.h"
#include "analysis/uses.h"
#include "views/findings/findings_options.h"

static const char *const module_view[] = { "python_function", NULL };
static const char *const op_view[] = { "cpu_op", "user_annotation", NULL };
static const char *const findings_view[] = { "cpu_op", "user_annotation", "python_function", NULL };
static const char *const mtia_host[] = { "mtia_runtime", NULL };
static const char *const mtia_device[] = { "mtia_ccp_events", NULL };

/* LIST followed by the categories of MORE it lacks: a new list. */
static char **union_of(char **list, const char *const *more)
{
	GPtrArray *all = g_ptr_array_new();
	for (char **c = list; *c; c++)
		g_ptr_array_add(all, g_strdup(*c));
	for (const char *const *c = more; *c; c++)
		if (!g_strv_contains((const char *const *)list, *c))
			g_ptr_array_add(all, g_strdup(*c));
	g_ptr_array_add(all, NULL);
	return (char **)g_ptr_array_free(all, FALSE);
}

void categories_init(struct categories *c, const struct options *options, gboolean compare)
{
	memset(c, 0, sizeof *c);
	c->monitor_given = options->monitor_cats_given;
	c->host_given = options->host_cats_given;
	c->device_given = options->device_cats_given;
	gboolean choose = options->format->for_people && !compare;
	/* --all-python-functions asks for the python_function view */
	c->monitor_chosen = choose && !c->monitor_given && !options->all_python_functions &&
			    (options_uses(options) & USES_MONITOR);
	c->host_chosen = choose && !c->host_given;
	c->device_chosen = choose && !c->device_given;
	c->monitor = c->monitor_chosen ? union_of(options->monitor_cats, op_view) : g_strdupv(options->monitor_cats);
	if (options->summary == SUMMARY_FINDINGS && !compare) { /* whatever -mc says (SPEC 22) */
		g_strfreev(c->monitor);
		c->monitor = g_strdupv((char **)findings_view);
	}
	if (options->summary == SUMMARY_CRITICAL) { /* the host events of the critical path, whatever -mc says (SPEC 30) */
		g_strfreev(c->monitor);
		c->monitor = g_strdupv((char **)op_view);
	}
	/* --fail-on works them out in every view, a comparison's too (src/cli/fail_on.h) */
	c->findings = findings_wanted(options) && options->summary != SUMMARY_FINDINGS && (!compare || options->fail_on);
	c->read = c->findings ? union_of(c->monitor, findings_view) : g_strdupv(c->monitor);
	c->host = c->host_chosen ? union_of(options->host_cats, mtia_host) : g_strdupv(options->host_cats);
	c->device = c->device_chosen ? union_of(options->device_cats, mtia_device) : g_strdupv(options->device_cats);
}

/* Whether TRACE (read with python_function among its monitored categories)
 * has an nn.Module event. */
static gboolean has_modules(const struct trace *trace)
{
	const struct event *events = (const struct event *)trace->monitored->data;
	for (guint i = 0; i < trace->monitored->len; i++)
		if (strcmp(category_name(events[i].category)->text, "python_function") == 0 &&
		    g_str_has_prefix(events[i].name->text, "nn.Module"))
			return TRUE;
	return FALSE;
}

/* Whether an event of the trace is of a category of LIST. */
static gboolean any_event_of(const struct trace *trace, char **list)
{
	for (char **c = list; *c; c++)
		if (g_hash_table_contains(trace->categories, category_canonical(*c)))
			return TRUE;
	return FALSE;
}

/* EVENTS without those whose category LIST lacks, in their order. */
static void keep_only(GArray *events, char **list)
{
	guint8 verdict[CATEGORY_NONE + 1] = { 0 }; /* by category id: 0 unknown, 1 kept, 2 dropped */
	struct event *e = (struct event *)events->data;
	guint kept = 0;
	for (guint i = 0; i < events->len; i++) {
		guint8 *v = &verdict[e[i].category];
		if (!*v) {
			*v = 2;
			for (char **c = list; *c; c++)
				if (strcmp(category_canonical(*c), category_name(e[i].category)->text) == 0)
					*v = 1;
		}
		if (*v == 1)
			e[kept++] = e[i];
	}
	g_array_set_size(events, kept);
}

/* *LIST becomes a copy of PICKED. */
static void pick(char ***list, const char *const *picked)
{
	g_strfreev(*list);
	*list = g_strdupv((char **)picked);
}

void categories_choose(struct categories *c, struct trace *trace, const struct options *options)
{
	g_autoptr(GString) note = g_string_new(NULL);
	const char *format = options->format->format;
	if (c->monitor_chosen) {
		gboolean modules = has_modules(trace);
		pick(&c->monitor, modules ? module_view : op_view);
		keep_only(trace->monitored, c->monitor);
		g_string_append_printf(note,
				       modules ? "  categories:    -mc python_function (the module view): the trace has "
						 "nn.Module events (--format %s chooses when -mc is not given)\n"
					       : "  categories:    -mc cpu_op,user_annotation: the trace has no nn.Module "
						 "events (--format %s chooses when -mc is not given)\n",
				       format);
	}
	/* the defaults, unless no event is of them and the trace is MTIA's */
	gboolean mtia_launches = c->host_chosen && !any_event_of(trace, options->host_cats) &&
				 any_event_of(trace, (char **)mtia_host);
	gboolean mtia_devices = c->device_chosen && !any_event_of(trace, options->device_cats) &&
				any_event_of(trace, (char **)mtia_device);
	if (c->host_chosen) {
		pick(&c->host, mtia_launches ? mtia_host : (const char *const *)options->host_cats);
		keep_only(trace->launches, c->host);
	}
	if (c->device_chosen) {
		pick(&c->device, mtia_devices ? mtia_device : (const char *const *)options->device_cats);
		keep_only(trace->device, c->device);
	}
	if (mtia_launches || mtia_devices)
		g_string_append_printf(note, "  categories:    %s%s%s: an MTIA trace, with no event of the default %s "
				       "(--format %s chooses when %s not given)\n",
				       mtia_launches ? "-hc mtia_runtime" : "", mtia_launches && mtia_devices ? " " : "",
				       mtia_devices ? "-dc mtia_ccp_events" : "",
				       mtia_launches && mtia_devices ? "-hc and -dc" : mtia_launches ? "-hc" : "-dc", format,
				       mtia_launches && mtia_devices ? "they are" : "it is");
	c->note = note->len ? g_strdup(note->str) : NULL;
}

GArray *categories_take_findings(struct categories *c, struct trace *trace)
{
	if (!c->findings)
		return NULL;
	GArray *kept = g_array_sized_new(FALSE, FALSE, sizeof(struct event), trace->monitored->len);
	g_array_append_vals(kept, trace->monitored->data, trace->monitored->len);
	keep_only(kept, (char **)findings_view);
	keep_only(trace->monitored, c->monitor);
	return kept;
}

void categories_clear(struct categories *c)
{
	g_strfreev(c->read);
	g_strfreev(c->monitor);
	g_strfreev(c->host);
	g_strfreev(c->device);
	g_free(c->note);
	memset(c, 0, sizeof *c);
}
