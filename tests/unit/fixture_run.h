/* A fixture read as a run reads it, with its steps: the trace, its forest,
 * the attribution and the steps (tests of the idle and waiting figures). */
#ifndef PP_FIXTURE_RUN_H
#define PP_FIXTURE_RUN_H

#include "fixture.h"
#include "attribution/attribute.h"
#include "attribution/steps.h"
#include "model/build.h"

struct read_run {
	struct trace *trace;
	struct forest *forest;
	struct attribution *attribution;
	struct steps *steps;
};

static inline void read_run(const char *json, struct read_run *r)
{
	struct read_config config = fixture_config();
	config.steps = TRUE;
	r->trace = fixture_read_with(json, &config);
	r->forest = forest_build(r->trace);
	r->attribution = attribute(r->trace, r->forest);
	r->steps = steps_new(r->trace);
}

static inline void read_run_clear(struct read_run *r)
{
	steps_free(r->steps);
	attribution_free(r->attribution);
	forest_free(r->forest);
	trace_free(r->trace);
}

#endif
