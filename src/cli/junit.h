/* --junit FILE (SPEC 27): the gate's result as JUnit XML, written as every
 * output is (src/output/output.h: a temporary file beside FILE renamed
 * into place, or standard output for "-"). One <testsuites> holding one
 * <testsuite name="profile_parser"> (JUnit's common form): its properties
 * (the option, the traces), then one <testcase> per check of the gate
 * (src/views/gate/gate.h) in its order, classname "profile_parser." and the
 * check's kind, name the check's; a failed check holds a <failure> whose
 * message is its part of the reason line and whose text is what it found,
 * a skipped one a <skipped> with what it found, a passed one its finding
 * as <system-out>. The counts (tests, failures, errors 0, skipped) are
 * those of the checks. Texts are shown as messages show them
 * (src/util/visible.h), made valid UTF-8, then escaped for XML. The
 * elements and attributes are those of the JUnit schema of Jenkins'
 * xunit plugin (junit-10.xsd), which GitLab and the JUnit reporters of
 * GitHub Actions read; no time or host is written, so that one gate
 * writes the same bytes twice. */
#ifndef PP_JUNIT_H
#define PP_JUNIT_H

#include "views/gate/gate.h"

/* Writes GATE to PATH; FALSE, ERROR set (naming no file), when that fails. */
gboolean junit_write(const char *path, const struct gate *gate, GError **error);

#endif
