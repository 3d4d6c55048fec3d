/* Literal members: where the values of some top-level members of a dict
 * lie in its text, a Python literal or JSON (the args as the reader kept
 * them), without parsing the rest.
 *
 * One pass over the dict's top level: a key is a string (either quote, its
 * escapes skipped), a value runs to the ',' or closing bracket that lies
 * outside every string and bracket. A key is matched byte for byte against
 * the names wanted (none of which holds a quote or a backslash); a member
 * named twice is the last one. Linear in the text's length. */
#ifndef PP_LITERAL_MEMBERS_H
#define PP_LITERAL_MEMBERS_H

#include <glib.h>

/* A member's value: [start, end) of the text, its blanks around it left
 * out; start NULL when the dict has no such member. */
struct literal_span {
	const char *start, *end;
};

/* Finds the members NAMES (COUNT of them) of the dict LITERAL: SPANS[i]
 * the value of NAMES[i]. FALSE when LITERAL is not a dict or is malformed
 * (SPANS then holds what was found before the fault). */
gboolean literal_members(const char *literal, const char *const *names, guint count, struct literal_span *spans);

#endif
