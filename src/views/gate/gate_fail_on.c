#include "views/gate/gate_fail_on.h"
#include "sinks/table.h"
#include "util/timefmt.h"
#include "views/findings/findings.h"

GArray *gate_fired_of(const GPtrArray *findings, enum finding_severity at_least)
{
	GArray *fired = NULL;
	for (guint i = 0; findings && at_least != SEVERITY_NONE && i < findings->len; i++) {
		const struct finding *f = findings->pdata[i];
		if (f->rule->kind != FINDING_PERFORMANCE || f->severity < at_least)
			continue;
		if (!fired)
			fired = g_array_new(FALSE, FALSE, sizeof(struct gate_fired));
		struct gate_fired one = { f->rule, f->severity, "", f->saving, finding_share(f), NULL };
		if (f->device != FINDING_NO_DEVICE) {
			g_autoptr(GString) device = g_string_new(NULL);
			finding_device_append(device, f);
			g_strlcpy(one.device, device->str, sizeof one.device);
		}
		g_array_append_val(fired, one);
	}
	return fired;
}

void gate_fail_on_add(struct gate *gate, const GArray *fired, const char *trace)
{
	if (!fired)
		return;
	if (!gate->fired)
		gate->fired = g_array_new(FALSE, FALSE, sizeof(struct gate_fired));
	for (guint i = 0; i < fired->len; i++) {
		struct gate_fired one = g_array_index(fired, struct gate_fired, i);
		one.trace = trace;
		g_array_append_val(gate->fired, one);
	}
}

/* "launch-bound (high) on device 0 of TRACE: saves up to 212.4 ms (46.3%)" */
static void append_fired(GString *out, const struct gate_fired *f)
{
	g_string_append_printf(out, "%s (%s)", f->rule->id, finding_severity_name(f->severity));
	if (f->device[0])
		g_string_append_printf(out, " on device %s", f->device);
	if (f->trace)
		g_string_append_printf(out, " of %s", f->trace);
	if (f->saving >= 0) {
		g_string_append(out, ": saves up to ");
		time_append_ms(out, f->saving);
		g_string_append(out, " ms (");
		percent_append(out, f->share);
		g_string_append(out, "%)");
	}
}

void gate_fail_on_finish(struct gate *gate, enum finding_severity at_least)
{
	for (guint r = 0; r < finding_rule_count; r++) {
		const struct finding_rule *rule = &finding_rules[r];
		if (rule->kind != FINDING_PERFORMANCE)
			continue;
		GString *reason = NULL;
		guint count = 0;
		for (guint i = 0; gate->fired && i < gate->fired->len; i++) {
			const struct gate_fired *f = &g_array_index(gate->fired, struct gate_fired, i);
			if (f->rule != rule)
				continue;
			if (!reason)
				reason = g_string_new(NULL);
			else
				g_string_append(reason, ", ");
			append_fired(reason, f);
			count++;
		}
		if (!reason) {
			gate_add(gate, "fail-on", rule->id, GATE_PASSED,
				 g_strdup_printf("no finding of severity %s or above", finding_severity_name(at_least)), NULL);
			continue;
		}
		gate_add(gate, "fail-on", rule->id, GATE_FAILED,
			 g_strdup_printf("%u finding%s of severity %s or above", count, count == 1 ? "" : "s",
					 finding_severity_name(at_least)),
			 g_string_free(reason, FALSE));
	}
}
