#!/usr/bin/env python3
"""Writes PseudoLanguage/qps-ploc.lproj from the English files: every sentence bracketed
(⟦ … ⟧), its letters accented and lengthened by about a third, its {blanks} kept as they
are. The pluralRules key is copied unchanged (it is a rule, not text). Run from this folder:
    python3 make-pseudo-language.py
The output is committed; the tests read it as a test resource, never this script."""
import os
import plistlib
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "..", "..", "Sources", "ZhiXiLocalization", "Resources", "en.lproj")
TARGET = os.path.join(HERE, "PseudoLanguage", "qps-ploc.lproj")
ACCENTS = dict(zip("aceinouyAEIOU", "àçéîñöûýÀÉÎÖÜ"))
KEEP = {"pluralRules"}


def pseudo(text):
    parts = re.split(r"(\{\{|\}\}|\{[^{}]*\})", text)
    out = []
    letters = 0
    for part in parts:
        if part.startswith("{"):
            out.append(part)
        else:
            letters += sum(ch.isalpha() for ch in part)
            out.append("".join(ACCENTS.get(ch, ch) for ch in part))
    return "⟦" + "".join(out) + "~" * (letters // 3) + "⟧"


def strings_text(entries):
    lines = ["/* A pseudo-language for tests, made by make-pseudo-language.py from en.lproj. */", ""]
    for key, value in entries:
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        lines.append(f'"{key}" = "{escaped}";')
    return "\n".join(lines) + "\n"


def read_strings(path):
    pattern = re.compile(r'^"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)";', re.M)
    with open(path, encoding="utf-8") as handle:
        content = handle.read()
    unescape = lambda s: re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)
    return [(unescape(k), unescape(v)) for k, v in pattern.findall(content)]


os.makedirs(TARGET, exist_ok=True)
for name in sorted(os.listdir(SOURCE)):
    source = os.path.join(SOURCE, name)
    if name.endswith(".strings"):
        entries = [(k, v if k in KEEP else pseudo(v)) for k, v in read_strings(source)]
        with open(os.path.join(TARGET, name), "w", encoding="utf-8") as handle:
            handle.write(strings_text(entries))
    elif name.endswith(".stringsdict"):
        with open(source, "rb") as handle:
            table = plistlib.load(handle)
        for entry in table.values():
            for variable, rule in entry.items():
                if isinstance(rule, dict):
                    for category in ("zero", "one", "two", "few", "many", "other"):
                        if category in rule:
                            rule[category] = pseudo(rule[category])
        with open(os.path.join(TARGET, name), "wb") as handle:
            plistlib.dump(table, handle, sort_keys=True)
