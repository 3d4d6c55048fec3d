#!/usr/bin/env python3
"""Checks a JUnit XML file of --junit (SPEC 27) against the JUnit schema of
Jenkins' xunit plugin (junit-10.xsd, the common one that GitLab and the
JUnit reporters read), its rules written here with the standard library
(xml.etree), then against what profile_parser promises beyond the schema:
one <testsuites> holding one <testsuite name="profile_parser">, counts that
agree with the testcases, a failure's message and text, nothing else.

    junit_check.py FILE

Prints "tests=N failures=F skipped=S", then one line per testcase,
"CLASSNAME|NAME|OUTCOME|MESSAGE" (OUTCOME passed, failed or skipped;
MESSAGE the failure's or skipped's message, else empty); exits 1 with the
reason on the first rule broken."""
import sys
import xml.etree.ElementTree as ET

# junit-10.xsd: each element's attributes (the required ones marked with !)
# and the elements it may hold (None: text only).
SCHEMA = {
    'testsuites': ({'name', 'time', 'tests', 'failures', 'disabled', 'errors'}, {'testsuite'}),
    'testsuite': ({'name', '!tests', 'failures', 'errors', 'time', 'disabled', 'skipped', 'skips', 'timestamp',
                   'hostname', 'id', 'package', 'assertions', 'file', 'skip', 'log', 'url'},
                  {'testsuite', 'properties', 'testcase', 'system-out', 'system-err'}),
    'properties': (set(), {'property'}),
    'property': ({'!name', '!value'}, set()),
    'testcase': ({'!name', 'assertions', 'time', 'timestamp', 'classname', 'status', 'class', 'file', 'line', 'log',
                  'group', 'url'},
                 {'skipped', 'error', 'failure', 'system-out', 'system-err'}),
    'failure': ({'type', 'message'}, None),
    'error': ({'type', 'message'}, None),
    'skipped': ({'type', 'message'}, None),
    'system-out': (set(), None),
    'system-err': (set(), None),
}
COUNTS = ('tests', 'failures', 'errors', 'skipped', 'skips', 'disabled', 'assertions')


def bad(message):
    sys.exit('%s: %s' % (sys.argv[1], message))


def check(element, path):
    if element.tag not in SCHEMA:
        bad('%s: <%s> is no element of the schema' % (path, element.tag))
    attributes, children = SCHEMA[element.tag]
    allowed = {a.lstrip('!') for a in attributes}
    for name in element.attrib:
        if name not in allowed:
            bad('%s: <%s> has no attribute %s in the schema' % (path, element.tag, name))
        if name in COUNTS and not element.attrib[name].isdigit():
            bad('%s: %s="%s" is not a count' % (path, name, element.attrib[name]))
    for a in attributes:
        if a.startswith('!') and a[1:] not in element.attrib:
            bad('%s: <%s> lacks its attribute %s' % (path, element.tag, a[1:]))
    for child in element:
        if children is None:
            bad('%s: <%s> holds text only, not <%s>' % (path, element.tag, child.tag))
        if child.tag not in children:
            bad('%s: <%s> may not hold <%s>' % (path, element.tag, child.tag))
        check(child, path + '/' + child.tag)
    if children is not None and element.tag != 'testsuite' and (element.text or '').strip():
        bad('%s: <%s> holds text' % (path, element.tag))


def main():
    try:
        root = ET.parse(sys.argv[1]).getroot()
    except (ET.ParseError, OSError) as e:
        bad('not well-formed XML: %s' % e)
    if root.tag != 'testsuites':
        bad('the root is <%s>, not <testsuites>' % root.tag)
    check(root, root.tag)
    suites = list(root)
    if len(suites) != 1 or suites[0].get('name') != 'profile_parser':
        bad('not one testsuite named profile_parser')
    suite = suites[0]
    cases = suite.findall('testcase')
    lines, failures, skipped = [], 0, 0
    for case in cases:
        outcome, message = 'passed', ''
        failure, skip = case.find('failure'), case.find('skipped')
        if len(case.findall('failure')) + len(case.findall('skipped')) + len(case.findall('error')) > 1:
            bad('testcase %s: more than one outcome' % case.get('name'))
        if failure is not None:
            outcome, message = 'failed', failure.get('message', '')
            failures += 1
            if not message or not (failure.text or '').strip():
                bad('testcase %s: a failure without its message or text' % case.get('name'))
        elif skip is not None:
            outcome, message = 'skipped', skip.get('message', '')
            skipped += 1
        elif not (case.findtext('system-out') or '').strip():
            bad('testcase %s: passed without what it found' % case.get('name'))
        if not case.get('classname', '').startswith('profile_parser.'):
            bad('testcase %s: classname %s' % (case.get('name'), case.get('classname')))
        lines.append('%s|%s|%s|%s' % (case.get('classname'), case.get('name'), outcome, message))
    want = {'tests': len(cases), 'failures': failures, 'errors': 0, 'skipped': skipped}
    for name, value in want.items():
        if suite.get(name) != str(value):
            bad('testsuite %s="%s", but %d' % (name, suite.get(name), value))
        if name != 'skipped' and root.get(name) != str(value):
            bad('testsuites %s="%s", but %d' % (name, root.get(name), value))
    print('tests=%d failures=%d skipped=%d' % (len(cases), failures, skipped))
    for line in lines:
        print(line)


main()
