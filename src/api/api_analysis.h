/* The library's analyses (profile_parser.h: pp_analysis). An analysis
 * keeps its traces, each read once (src/analysis/analysis.h,
 * analysis_plan_everything) when a run first needs it, and per view the
 * options parsed and each trace's results (src/analysis/results.h), kept
 * and computed once. A view's table is the program's own run of those
 * options (src/cli/command.h) with the library's hooks: its jobs take
 * their results from the analysis instead of reading, its tables go
 * through the cells sink into memory, its messages into text: the table
 * is the CSV's, cell for cell, by construction. */
#ifndef PP_API_ANALYSIS_H
#define PP_API_ANALYSIS_H

#include "api/api_options.h"
#include "api/api_table.h"

#endif
