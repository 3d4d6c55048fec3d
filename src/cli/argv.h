/* Argv: the command line in the spellings GOption is told of. The reference
 * tool's multi-letter short options (-mc, -hc, -dc) become long ones, and
 * long options spelt with '_' or '-' become the declared spelling. */
#ifndef PP_ARGV_H
#define PP_ARGV_H

#include <glib.h>

/* A new NULL-terminated copy of ARGV (g_strfreev it), in the spellings of
 * ENTRIES (GOptionEntry: every option of the command line, of every group);
 * values that follow an option taking one are left as they are, so a file
 * named -mc stays a file. */
char **canonical_argv(int argc, char **argv, const GArray *entries);

/* Whether ARG, canonical, is an option of ENTRIES that takes the next argument as its value. */
gboolean option_takes_value(const char *arg, const GArray *entries);

/* Appends LINE of GOption's help to OUT; a long option with a multi-letter
 * short form gets it in the option column ("  -mc, --monitor_cat=LIST"). */
void help_line_append(GString *out, const char *line);

#endif
