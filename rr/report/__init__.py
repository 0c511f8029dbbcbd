"""Balance reports: the numbers (with 95% intervals) and PNG plots of many bot games
(``rr simulate --report``, :mod:`rr.report.balance`) and of the same seeds under two rulesets
(``rr regress --impact``, :mod:`rr.report.impact`). The numbers need nothing beyond rr; the
plots need matplotlib (:mod:`rr.report.plots`).

Internal: the engine of ``rr simulate --report`` and ``rr regress --impact``; its modules may
change in any release.
"""
