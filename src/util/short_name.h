/* Short name: a kernel's name as a narrow column shows it (SPEC 23).
 *
 * A device event's name is mostly template arguments and a parameter list;
 * what tells a reader which kernel it is, the namespaces and the function's
 * name, is lost when such a name is merely cut. The short name keeps them:
 * leading spaces (a tree's indentation) stay; a leading "void " is dropped;
 * a trailing balanced parameter list, "(" right after a name (not after a
 * space) up to the last ")", is written "(…)" (an empty one "()" stays); then,
 * left to right, each outermost balanced "<…>" that follows an identifier
 * character is written "<…>" ("operator<", "operator<<", "operator<=" and
 * "operator->" are names, not templates). An unbalanced "<" leaves the
 * rest of the name as it is; an unbalanced ")" keeps the parameters. One pass over the name, each byte read a bounded number of times
 * (the matching bracket of a list is found once): linear. Names with none
 * of this (host ops, modules, Python frames) come back unchanged. */
#ifndef PP_SHORT_NAME_H
#define PP_SHORT_NAME_H

#include <glib.h>

/* Appends the short name of TEXT (LEN bytes, no NUL) to OUT. */
void short_name_append(GString *out, const char *text, gsize len);
/* The short name of TEXT, newly allocated. */
char *short_name(const char *text, gsize len);

#endif
