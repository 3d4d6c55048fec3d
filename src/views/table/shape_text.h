/* Shape text: the options a JSON Lines summary or a rank map records
 * (written by src/cli/shape.h: "-mc LIST -hc LIST ... --module-class
 * --comm-pattern 'REGEX'"), read back to say which option two of them
 * differ in, for --merge's refusal of a mix (SPEC 13.3).
 *
 * The text is split once into options: a word that starts with '-' and is
 * not quoted starts one, the words after it are its value; a word may
 * hold single-quoted parts (as g_shell_quote writes them, '\'' for a
 * quote), so a pattern with spaces or a leading '-' is one value. The
 * first option of the first text that the second lacks or gives another
 * value is named, else the first the second has alone. Linear in the
 * texts' lengths times their (few) options. */
#ifndef PP_SHAPE_TEXT_H
#define PP_SHAPE_TEXT_H

#include <glib.h>

/* How A (recorded by the file A_FILE; NULL: nothing recorded) and B (of
 * B_FILE) differ, as a clause for a message: "a.jsonl has --module-class,
 * b.jsonl has not"; "a.jsonl has -hc cuda_runtime, b.jsonl -hc kernel";
 * NULL when they are the same. */
char *shape_difference(const char *a, const char *a_file, const char *b, const char *b_file);
/* A summary's VIEW and OPTIONS (either NULL: not recorded) as messages
 * show them: "--summary name -mc cpu_op ...", or that none is recorded. */
char *summary_shape_shown(const char *view, const char *options);
/* How two summaries' shapes differ (their texts escaped as messages show
 * them): the view ("a.jsonl is of --summary path, b.jsonl of --summary
 * name"), else as shape_difference; NULL when the same. */
char *summary_shape_differs(const char *a_view, const char *a, const char *a_name, const char *b_view, const char *b,
			    const char *b_name);

#endif
