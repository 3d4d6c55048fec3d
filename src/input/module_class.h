/* Module class (SPEC 23, --module-class): every monitored event named
 * "nn.Module: NAME_N" (N one or more ASCII digits, NAME not empty) is
 * renamed "nn.Module: NAME" right after the trace is read, before the
 * forest and any grouping, so that the instances of one class make one row
 * in summaries and diffs and one frame in folded stacks and flame graphs.
 * One pass over the monitored events; each distinct name is looked at once
 * (a table from the name read to the name given), the new names interned
 * in the trace's table. */
#ifndef PP_MODULE_CLASS_H
#define PP_MODULE_CLASS_H

#include <glib.h>
#include "model/trace.h"

/* The length of NAME (LEN bytes) as its class's name: LEN less the
 * trailing "_N" when NAME is "nn.Module: X_N", else LEN. */
gsize module_class_len(const char *name, gsize len);
/* Renames the monitored events of TRACE to their module class. */
void module_class_apply(struct trace *trace);

#endif
