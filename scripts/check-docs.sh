#!/usr/bin/env bash
# Checks the documentation's shape (issue 19): README.md is at most 250 lines, no table cell in
# docs/DECISIONS.md is over 800 characters (nor has a row more cells than its header, the sign
# of an unescaped `|`), and every relative link in README.md and docs/*.md names a file that
# exists (and, for a link into a Markdown file with `#…`, a heading there).
# Needs only bash and python3. Exit status 1 lists every problem found.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 - <<'PY'
import glob, os, re, sys

MAX_README_LINES = 250
MAX_CELL = 800
problems = []

readme = open("README.md", encoding="utf-8").read()
lines = readme.count("\n") + (0 if readme.endswith("\n") else 1)
if lines > MAX_README_LINES:
    problems.append(f"README.md: {lines} lines, more than {MAX_README_LINES}")

# Table cells of docs/DECISIONS.md, split as GitHub splits them: on every `|` not escaped.
PIPE = re.compile(r"(?<!\\)\|")
header_cells = None
for number, line in enumerate(open("docs/DECISIONS.md", encoding="utf-8"), 1):
    line = line.rstrip("\n")
    if not line.startswith("|"):
        header_cells = None
        continue
    cells = PIPE.split(line.strip())[1:]
    if cells and cells[-1].strip() == "":
        cells = cells[:-1]
    if header_cells is None:
        header_cells = len(cells)
    elif len(cells) > header_cells:
        problems.append(f"docs/DECISIONS.md:{number}: {len(cells)} cells where the header has "
                        f"{header_cells} (an unescaped `|`?)")
    for cell in cells:
        if len(cell.strip()) > MAX_CELL:
            row = cells[0].strip()
            problems.append(f"docs/DECISIONS.md:{number}: a cell of {row} has "
                            f"{len(cell.strip())} characters, more than {MAX_CELL}")

def slug(heading):
    # GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")

def anchors(path):
    found = set()
    for line in open(path, encoding="utf-8"):
        m = re.match(r"#{1,6}\s+(.*)", line)
        if m:
            found.add(slug(m.group(1)))
    return found

def prose(text):
    # The text outside fenced and indented code blocks and outside code spans.
    out, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.startswith("    ") and not line.lstrip().startswith(("-", "|", "[")):
            continue
        out.append(re.sub(r"`[^`]*`", "", line))
    return "\n".join(out)

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
for doc in ["README.md"] + sorted(glob.glob("docs/*.md")):
    for target in LINK.findall(prose(open(doc, encoding="utf-8").read())):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:, …
            continue
        path, _, fragment = target.partition("#")
        resolved = os.path.normpath(os.path.join(os.path.dirname(doc), path)) if path else doc
        if not os.path.exists(resolved):
            problems.append(f"{doc}: link to {target}: {resolved} does not exist")
        elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
            problems.append(f"{doc}: link to {target}: no heading #{fragment} in {resolved}")

for problem in problems:
    print(problem)
if problems:
    sys.exit(1)
print(f"docs ok: README.md {lines} lines; DECISIONS.md cells within {MAX_CELL} characters; "
      "relative links resolve")
PY
