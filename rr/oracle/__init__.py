"""The oracle, the judge of a log: replay it, audit (re-adjudicate) it, regression-check
rulings over a corpus. ("Oracle" means this package only; what every game must satisfy, which
the fuzzers check, is "the invariants": docs/ARCHITECTURE.md.)

* :mod:`rr.oracle.replay` — the state, view and story of a log at any record;
* :mod:`rr.oracle.audit` — re-run the rules over a log's decisions and random outcomes;
* :mod:`rr.oracle.rerun` — re-run a log's inputs under another ruleset;
* :mod:`rr.oracle.regress` — compare a corpus of logs under two rulesets;
* :mod:`rr.oracle.spec` and :mod:`rr.oracle.coverage` — the spec's ids and the tests citing them.

:mod:`rr.oracle.audit` and :mod:`rr.oracle.replay` are public; the other modules are internal
and may change in any release.
"""
