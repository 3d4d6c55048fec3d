#include "views/perf/perf.h"
#include <string.h>
#include "attribution/blocking.h"

enum { DESC_COMPUTE = 1, DESC_ANY = 2, UNDER_COUNTED = 4 };

static gboolean compute_family(enum perf_family f)
{
	return f == PERF_GEMM || f == PERF_ATTENTION || f == PERF_CONVOLUTION;
}

/* The trace's deviceProperties as device_name reads them, made once per run
 * (an op's lookup is then O(1), not a walk over every entry: issue 33). */
struct device_names {
	GHashTable *by_id;  /* the id as written -> the first entry with it */
	const char *common; /* the one name every entry carries, or NULL */
};

static void device_names_init(struct device_names *names, const GArray *devices)
{
	names->by_id = g_hash_table_new(g_str_hash, g_str_equal);
	names->common = NULL;
	gboolean same = TRUE;
	for (guint i = 0; devices && i < devices->len; i++) {
		const struct device_info *d = &g_array_index(devices, struct device_info, i);
		if (d->id && !g_hash_table_contains(names->by_id, d->id))
			g_hash_table_insert(names->by_id, d->id, (gpointer)d);
		if (!d->name || !*d->name || (names->common && strcmp(names->common, d->name) != 0))
			same = FALSE;
		names->common = d->name ? d->name : names->common;
	}
	if (!same)
		names->common = NULL;
}

/* The name of device NUMBER: the deviceProperties entry with that id, else
 * the one name every entry carries (ROCm lists one); NULL when unknown (an
 * empty name is none), *ENTRY whether an entry has that id. */
static const char *device_name(const struct device_names *names, guint16 number, gboolean *entry)
{
	char id[8];
	g_snprintf(id, sizeof id, "%u", number);
	const struct device_info *d = g_hash_table_lookup(names->by_id, id);
	*entry = d != NULL;
	if (d)
		return d->name && *d->name ? d->name : NULL;
	return names->common;
}

/* How the warnings name the device of device event FIRST (NAME its name,
 * or NULL; ENTRY whether deviceProperties has its id): "device 'NAME'", or
 * its number and why it has no name. */
static char *device_shown(const struct event *first, const char *name, gboolean entry)
{
	if (name)
		return g_strdup_printf("device '%s'", name);
	if (!first->has_device)
		return g_strdup("a device its events do not number (no device arg)");
	return g_strdup_printf(entry ? "device %u (its deviceProperties entry has no name)"
				     : "device %u (no deviceProperties entry has its id)", first->device);
}

/* A modelled op with a device event: its launches walked once, for its
 * device and, when it is counted, the report's device time. */
struct launched {
	guint node;
	const struct event *first; /* the first device event of its launches (section 4's order) */
	gint64 time;               /* its launches' device time */
	gboolean host_copy;        /* a copy op: one of its device events copies to or from the host */
	struct perf_model model;
};

/* Whether the device event E is a copy between host and device (SPEC 26.4):
 * a copy (class memcpy) whose name says HtoD, DtoH, HostToDevice or
 * DeviceToHost, without regard to ASCII case. */
static gboolean copy_with_host(const struct event *e)
{
	if (!device_is_copy(e))
		return FALSE;
	static const char *const directions[] = { "htod", "dtoh", "hosttodevice", "devicetohost" };
	g_autofree char *lower = g_ascii_strdown(e->name->text, (gssize)e->name->len);
	for (guint i = 0; i < G_N_ELEMENTS(directions); i++)
		if (strstr(lower, directions[i]))
			return TRUE;
	return FALSE;
}

/* NODE's launches walked once: *LAUNCHED, FALSE when none starts a device
 * event; with COPY (aten::copy_, aten::_to_copy), whether one of their
 * device events is a copy with the host. */
static gboolean launches_of(const struct attribution *a, const struct forest *f, guint node, gboolean copy,
			    GArray *scratch, struct launched *launched)
{
	*launched = (struct launched){ .node = node };
	g_array_set_size(scratch, 0);
	attribution_node_launches(a, f, node, scratch);
	for (guint k = 0; k < scratch->len; k++) {
		guint l = g_array_index(scratch, guint, k);
		if (!launched->first && a->device_first[l + 1] > a->device_first[l])
			launched->first = attribution_device(a, a->device_first[l]);
		launched->time += a->device_time[l];
		for (guint d = a->device_first[l]; copy && !launched->host_copy && d < a->device_first[l + 1]; d++)
			launched->host_copy = copy_with_host(attribution_device(a, d));
	}
	return launched->first != NULL;
}

/* Whether NAME (LEN bytes) is a copy op that may copy with the host (SPEC 26.4). */
static gboolean copy_op(const char *name, gsize len)
{
	return (len == 11 && memcmp(name, "aten::copy_", 11) == 0) || (len == 14 && memcmp(name, "aten::_to_copy", 14) == 0);
}

static enum peak_kind peak_of(enum perf_precision p)
{
	switch (p) {
	case PERF_FP64: return PEAK_FP64;
	case PERF_FP32: return PEAK_FP32;
	case PERF_16BIT: return PEAK_16BIT;
	case PERF_FP8: return PEAK_FP8;
	case PERF_INT8: return PEAK_INT8;
	default: return PEAK_KINDS;
	}
}

/* FIGURE / PEAK (in millionths of tera per second) in ns, half up: FIGURE ·
 * 1000 / PEAK. */
static perf_sum time_ns(guint64 figure, guint64 peak)
{
	perf_sum n = (perf_sum)figure * 1000u;
	return (2 * n + peak) / (2 * (perf_sum)peak);
}

/* FIGURE / PEAK in femtoseconds (10^-6 ns), rounded down: for bound, where
 * the ns of the roofline would make small ops' times 0 and equal. */
static perf_sum time_fs(guint64 figure, guint64 peak)
{
	return (perf_sum)figure * 1000000000u / peak;
}

/* The device of a counted op of model M (FIRST its first device event)
 * and its roofline times (ns), and the same in fs (FINE); FALSE when a peak
 * it needs is unknown. */
static gboolean roofline_of(struct perf *perf, const struct device_names *devices, GHashTable *unknown_seen[2],
			    const struct peaks *peaks, const struct perf_model *m, const struct event *first,
			    perf_sum *compute, perf_sum *memory, perf_sum fine[2])
{
	gboolean entry = FALSE;
	const char *name = first && first->has_device ? device_name(devices, first->device, &entry) : NULL;
	const struct peak_row *row = peaks && name ? peaks_find(peaks, name) : NULL;
	/* a copy with the host: the smaller side's bytes over the host link, never HBM (SPEC 26.4) */
	guint64 bandwidth = peaks ? peaks_figure(peaks, row, m->host_link ? PEAK_HOST_LINK : PEAK_BANDWIDTH) : PEAK_UNKNOWN;
	guint64 bytes = m->host_link ? m->link_bytes : m->bytes;
	gboolean known = bandwidth != PEAK_UNKNOWN;
	*memory = known ? time_ns(bytes, bandwidth) : 0;
	fine[1] = known ? time_fs(bytes, bandwidth) : 0;
	*compute = 0;
	fine[0] = 0;
	if (m->family != PERF_MEMORY) {
		enum peak_kind kind = peak_of(m->precision);
		guint64 flops = kind < PEAK_KINDS && peaks ? peaks_figure(peaks, row, kind) : PEAK_UNKNOWN;
		known = known && flops != PEAK_UNKNOWN;
		*compute = flops != PEAK_UNKNOWN ? time_ns(m->flops, flops) : 0;
		fine[0] = flops != PEAK_UNKNOWN ? time_fs(m->flops, flops) : 0;
	}
	if (!known) {
		/* ops without device events are not counted (model_ops): FIRST is there */
		g_autofree char *shown = device_shown(first, name, entry);
		/* a copy with the host on a device of the table lacks the host link: its own
		 * warning, its own set (a device of no row: the one warning of its peaks) */
		gboolean link = m->host_link && row;
		GHashTable *seen = unknown_seen[link];
		/* g_hash_table_add() of a key already there would put this copy, freed
		 * at the end of the block, in the old one's place */
		if (!g_hash_table_contains(seen, shown)) {
			g_hash_table_add(seen, shown);
			g_ptr_array_add(link ? perf->unknown_links : perf->unknown_devices, g_steal_pointer(&shown));
		}
	}
	return known;
}

/* Models each op of the table once; the reasons of those not modelled. An
 * op whose launches start no device event (it ran on the host: an optimizer's
 * step counter, a CPU tensor) is modelled but not counted (host_only); the
 * others are LAUNCHED (struct launched), in pre-order. */
static void model_ops(struct perf *perf, const struct attribution *a, GArray *scratch, GArray *launched,
		      guint8 *family)
{
	const struct forest *f = perf->forest;
	for (guint i = 0; i < f->count; i++) {
		const struct event *e = &f->events[i];
		if (perf_family_of(e->name->text, e->name->len) == PERF_FAMILY_NONE)
			continue;
		if (f->replayed_by && f->replayed_by[i])
			continue; /* a grafted row: its shapes are the capture's, not read */
		const struct event_extra *x = e->extra;
		perf->shapes |= x && x->input_dims;
		struct perf_model model;
		enum perf_reason why = perf_model_op(e->name->text, e->name->len, x ? x->input_dims : NULL,
						     x ? x->input_type : NULL, x ? x->concrete_inputs : NULL, &model);
		struct launched op;
		if (why != PERF_MODELLED) {
			perf->not_modelled[why]++;
		} else if (!launches_of(a, f, i, copy_op(e->name->text, e->name->len), scratch, &op)) {
			perf->host_only++;
		} else {
			family[i] = (guint8)model.family;
			model.host_link = op.host_copy;
			op.model = model;
			g_array_append_val(launched, op);
		}
	}
}

/* The counted-op rule: keeps in FAMILY (per node) only the counted ops; how many. */
static guint count_ops(const struct forest *f, guint8 *family)
{
	guint counted = 0;
	g_autofree guint8 *marks = g_new0(guint8, f->count + 1);
	for (guint i = f->count; i-- > 0;) {
		guint p = forest_parent(f, i);
		if (p == FOREST_END)
			continue;
		marks[p] |= marks[i] & (DESC_COMPUTE | DESC_ANY);
		if (family[i])
			marks[p] |= DESC_ANY | (compute_family(family[i]) ? DESC_COMPUTE : 0);
	}
	for (guint i = 0; i < f->count; i++) {
		guint p = forest_parent(f, i);
		if (p != FOREST_END && ((marks[p] & UNDER_COUNTED) || (family[p] && compute_family(family[p]))))
			marks[i] |= UNDER_COUNTED;
		enum perf_family fam = family[i];
		gboolean is_counted = fam && (compute_family(fam) ? !(marks[i] & DESC_COMPUTE)
								  : !(marks[i] & DESC_ANY) && !(marks[i] & UNDER_COUNTED));
		if (!is_counted)
			family[i] = 0;
		counted += is_counted;
	}
	return counted;
}

struct perf *perf_compute(const struct forest *f, const struct attribution *a, const GArray *devices,
			  const struct peaks *peaks)
{
	struct perf *perf = g_new0(struct perf, 1);
	perf->forest = f;
	perf->unknown_devices = g_ptr_array_new_with_free_func(g_free);
	perf->unknown_links = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GArray) scratch = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(GArray) launched = g_array_new(FALSE, FALSE, sizeof(struct launched));
	g_autofree guint8 *family = g_new0(guint8, f->count + 1);
	model_ops(perf, a, scratch, launched, family);
	guint counted = count_ops(f, family);
	perf->before = g_new(guint32, f->count + 1);
	perf->node_of = g_new(guint32, counted + 1);
	perf->model = g_new0(struct perf_model, counted + 1);
	perf->flops = g_new0(perf_sum, counted + 1);
	perf->bytes = g_new0(perf_sum, counted + 1);
	perf->roofline = g_new0(perf_sum, counted + 1);
	perf->compute = g_new0(perf_sum, counted + 1);
	perf->memory = g_new0(perf_sum, counted + 1);
	perf->unknown = g_new0(guint32, counted + 1);
	perf->device_of = g_new(gint32, counted + 1);
	struct device_names names;
	device_names_init(&names, devices);
	GHashTable *unknown_seen[2] = { g_hash_table_new(g_str_hash, g_str_equal), /* perf->unknown_devices' */
					g_hash_table_new(g_str_hash, g_str_equal) }; /* perf->unknown_links' */
	guint k = 0, next = 0; /* in LAUNCHED: the counted ops are among them, in the same order */
	for (guint i = 0; i < f->count; i++) {
		perf->before[i] = k;
		if (!family[i])
			continue;
		while (g_array_index(launched, struct launched, next).node != i)
			next++;
		const struct launched *op = &g_array_index(launched, struct launched, next);
		const struct perf_model *m = &op->model;
		perf_sum compute = 0, memory = 0, fine[2] = { 0, 0 };
		gboolean unknown = !roofline_of(perf, &names, unknown_seen, peaks, m, op->first, &compute, &memory, fine);
		perf->counted[m->family]++;
		perf->counted_time[m->family] += op->time;
		perf->node_of[k] = i;
		perf->device_of[k] = op->first && op->first->has_device ? op->first->device : -1;
		perf->model[k] = *m;
		perf->flops[k + 1] = perf->flops[k] + m->flops;
		perf->bytes[k + 1] = perf->bytes[k] + m->bytes;
		perf->compute[k + 1] = perf->compute[k] + fine[0];
		perf->memory[k + 1] = perf->memory[k] + fine[1];
		perf->roofline[k + 1] = perf->roofline[k] + (compute > memory ? compute : memory);
		perf->unknown[k + 1] = perf->unknown[k] + unknown;
		k++;
	}
	perf->before[f->count] = k;
	g_hash_table_destroy(names.by_id);
	g_hash_table_destroy(unknown_seen[0]);
	g_hash_table_destroy(unknown_seen[1]);
	/* a node's figures are at most the whole forest's: past 64 bits there only */
	perf->overflow = perf->flops[k] > G_MAXINT64 || perf->bytes[k] > G_MAXINT64 || perf->roofline[k] > G_MAXINT64;
	return perf;
}

void perf_free(struct perf *perf)
{
	if (!perf)
		return;
	g_free(perf->before);
	g_free(perf->node_of);
	g_free(perf->model);
	g_free(perf->flops);
	g_free(perf->bytes);
	g_free(perf->roofline);
	g_free(perf->compute);
	g_free(perf->memory);
	g_free(perf->unknown);
	g_free(perf->device_of);
	g_ptr_array_free(perf->unknown_devices, TRUE);
	g_ptr_array_free(perf->unknown_links, TRUE);
	g_free(perf);
}

const struct peak_row *perf_device_peaks(const GArray *devices, const struct peaks *peaks, guint16 device)
{
	struct device_names names;
	device_names_init(&names, devices);
	gboolean entry;
	const char *name = device_name(&names, device, &entry);
	const struct peak_row *row = peaks && name ? peaks_find(peaks, name) : NULL;
	g_hash_table_destroy(names.by_id);
	return row;
}

void perf_add_range(const struct perf *perf, guint first, guint end, struct perf_sums *sums)
{
	guint32 a = perf->before[first], b = perf->before[end];
	sums->flops += perf->flops[b] - perf->flops[a];
	sums->bytes += perf->bytes[b] - perf->bytes[a];
	sums->roofline += perf->roofline[b] - perf->roofline[a];
	sums->compute += perf->compute[b] - perf->compute[a];
	sums->memory += perf->memory[b] - perf->memory[a];
	sums->ops += b - a;
	sums->unknown += perf->unknown[b] - perf->unknown[a];
}

gboolean perf_node(const struct perf *perf, guint node, perf_sum *flops, perf_sum *bytes)
{
	guint32 a = perf->before[node], b = perf->before[perf->forest->subtree_end[node]];
	if (a == b)
		return FALSE;
	*flops = perf->flops[b] - perf->flops[a];
	*bytes = perf->bytes[b] - perf->bytes[a];
	return TRUE;
}

gboolean perf_node_roofline(const struct perf *perf, guint node, gint64 *roofline, gboolean *compute_bound)
{
	guint32 a = perf->before[node], b = perf->before[perf->forest->subtree_end[node]];
	if (a == b || perf->unknown[b] != perf->unknown[a])
		return FALSE;
	/* made from the flops and bytes: unknown when either cannot be written (past 63 bits) */
	perf_sum r = perf->roofline[b] - perf->roofline[a];
	if (r > G_MAXINT64 || perf->flops[b] - perf->flops[a] > G_MAXINT64 || perf->bytes[b] - perf->bytes[a] > G_MAXINT64)
		return FALSE;
	*roofline = (gint64)r;
	/* the compute and memory sums in fs: a memory op's 0.15 ns is no tie with 0 */
	*compute_bound = perf->compute[b] - perf->compute[a] >= perf->memory[b] - perf->memory[a];
	return TRUE;
}

gint64 perf_ratio(perf_sum figure, perf_sum busy)
{
	if (busy == 0 || figure > ((perf_sum)1 << 125) || busy > ((perf_sum)1 << 125)) /* 2 * figure + busy fits */
		return -1;
	perf_sum r = (2 * figure + busy) / (2 * busy);
	return r > G_MAXINT64 ? -1 : (gint64)r;
}

gint64 perf_rate(guint64 figure, gint64 busy)
{
	return busy <= 0 || figure == G_MAXUINT64 ? -1 : perf_ratio(figure, (perf_sum)busy);
}
