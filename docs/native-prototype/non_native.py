"""Mark every class of the given modules but GameState and PlayerState as a mypyc non-native
class (attrs classes, ``Game.__new__``), for a prototype compiled by mypyc (issue #32)."""
import re
import sys
from pathlib import Path

for name in sys.argv[1:]:
    path = Path(name)
    lines = path.read_text().splitlines(keepends=True)
    out = []
    i = 0
    changed = False
    for index, line in enumerate(lines):
        m = re.match(r"class (\w+)", line)
        if m and m.group(1) not in ("GameState", "PlayerState"):
            j = len(out)
            while j > 0 and out[j - 1].startswith("@"):
                j -= 1
            out.insert(j, "@mypyc_attr(native_class=False)\n")
            changed = True
        out.append(line)
    text = "".join(out)
    if changed:
        text = text.replace("from __future__ import annotations\n",
                            "from __future__ import annotations\n\nfrom mypy_extensions import mypyc_attr\n", 1)
    path.write_text(text)
