#include "views/findings/summary_findings.h"
#include "views/findings/finding.h"

#define F(r) ((const struct finding *)(r))

static void rank(const void *r, struct value *v)
{
	if (F(r)->rank)
		value_rank(v, F(r)->rank);
	else
		v->type = VALUE_EMPTY; /* a job rule's */
}

static void finding(const void *r, struct value *v)
{
	value_string(v, F(r)->rule->id);
}

static void kind(const void *r, struct value *v)
{
	value_string(v, finding_kind_name(F(r)->rule->kind));
}

static void severity(const void *r, struct value *v)
{
	value_string(v, finding_severity_name(F(r)->severity));
}

static void saving(const void *r, struct value *v)
{
	if (F(r)->saving >= 0)
		value_number(v, VALUE_DURATION, F(r)->saving);
	else
		v->type = VALUE_EMPTY;
}

static void share(const void *r, struct value *v)
{
	gint64 tenths = finding_share(F(r));
	if (tenths >= 0)
		value_number(v, VALUE_PERCENT, tenths);
	else
		v->type = VALUE_EMPTY;
}

static void device(const void *r, struct value *v)
{
	if (F(r)->device_label)
		value_string(v, F(r)->device_label);
	else if (F(r)->device != FINDING_NO_DEVICE)
		value_number(v, VALUE_INTEGER, F(r)->device);
	else
		v->type = VALUE_EMPTY;
}

static void evidence(const void *r, struct value *v)
{
	value_string(v, F(r)->evidence);
}

static void advice(const void *r, struct value *v)
{
	value_string(v, F(r)->advice);
}

static const struct column columns[] = {
	{ "rank", VALUE_INTEGER, 0, rank }, /* with several traces */
	{ "finding", VALUE_TEXT, COLUMN_DEFAULT, finding },
	{ "kind", VALUE_TEXT, COLUMN_DEFAULT, kind },
	{ "severity", VALUE_TEXT, COLUMN_DEFAULT, severity },
	{ "saving(ms)", VALUE_DURATION, COLUMN_DEFAULT, saving },
	{ "saving %", VALUE_PERCENT, COLUMN_DEFAULT, share },
	{ "device", VALUE_INTEGER, COLUMN_DEFAULT, device },
	/* SPEC 28: in a table, wrapped under each row */
	{ "evidence", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_UNDER, evidence },
	{ "advice", VALUE_TEXT, COLUMN_DEFAULT | COLUMN_UNDER, advice },
};

static const struct catalogue catalogue = { columns, G_N_ELEMENTS(columns) };

const struct catalogue *findings_summary_catalogue(void)
{
	return &catalogue;
}

gboolean write_findings_summary(struct output *out, const struct write_config *config, guint64 *rows)
{
	g_autoptr(GPtrArray) none = g_ptr_array_new();
	const GPtrArray *findings = config->findings ? config->findings : none;
	*rows = write_rows_count(config, findings->len);
	return write_rows(out, config, findings);
}
