"""Checks that a Markdown file carries a generated table verbatim.

usage: doc-table.py TABLE.md DOC.md

The table's lines must appear in DOC.md as one block, in order (so the
documentation shows exactly what the tool prints today)."""
import sys

table = open(sys.argv[1]).read().splitlines()
doc = open(sys.argv[2]).read().splitlines()
for start in range(len(doc) - len(table) + 1):
    if doc[start:start + len(table)] == table:
        sys.exit(0)
print(f"error: {sys.argv[2]} does not carry this table "
      f"(paste the output of the command that made it):", file=sys.stderr)
print("\n".join(table), file=sys.stderr)
sys.exit(1)
