#!/usr/bin/env python3
"""Writes the web inspector's page into the binary: Sources/XTreePage/HTMLPage+Files.swift
from the files in Sources/XTreePage/Page/.

    python3 Scripts/page.py           # write the Swift file
    python3 Scripts/page.py --check   # fail if it is not what the page's files make (CI)

page.html is the page. `{{NAME.css}}` and `{{NAME.js}}` in it stand for the files of those names
beside it, put in as they are; `{{policy}}`, `{{nonce}}`, `{{settings}}` and `{{snapshot}}` are
filled when the page is served or written (HTMLPage.swift). Every file in Page/ must be used,
and none may hold what would end the element it goes into (`</script`, `</style`).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "Sources", "XTreePage", "Page")
OUTPUT = os.path.join(ROOT, "Sources", "XTreePage", "HTMLPage+Files.swift")
FILLED_LATER = {"policy", "nonce", "settings", "snapshot"}
CLOSERS = {".js": "</script", ".css": "</style"}


def fail(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(1)


def read(name):
    path = os.path.join(PAGE, name)
    with open(path, encoding="utf-8", newline="") as handle:
        text = handle.read()
    if "\r" in text:
        fail(f"Page/{name} has a carriage return; the page's files end their lines with LF alone")
    return text


def pieces():
    """The page's head and tail: literal text and the names of what is filled later."""
    page = read("page.html")
    used = set()

    def put_in(match):
        name = match.group(1)
        if name in FILLED_LATER:
            return match.group(0)
        extension = os.path.splitext(name)[1]
        if extension not in CLOSERS or not os.path.isfile(os.path.join(PAGE, name)):
            fail(f"page.html names {{{{{name}}}}}, which is neither a .js or .css file in Page/ nor one of "
                 + ", ".join(sorted(FILLED_LATER)))
        text = read(name)
        if CLOSERS[extension] in text.lower():
            fail(f"Page/{name} holds '{CLOSERS[extension]}', which would end the element it is put in")
        used.add(name)
        return text.rstrip("\n")

    page = re.sub(r"\{\{([^{}]+)\}\}", put_in, page)
    unused = sorted(set(os.listdir(PAGE)) - used - {"page.html"})
    if unused:
        fail("Page/ holds files page.html does not use: " + ", ".join(unused))
    parts = re.split(r"\{\{(policy|nonce|settings|snapshot)\}\}", page)
    if parts[1::2].count("snapshot") != 1:
        fail("page.html must hold {{snapshot}} exactly once")
    at = parts.index("snapshot", 1)
    return parts[:at], parts[at + 1:]


def literal(text, indent):
    """A raw multi-line Swift string literal whose value is `text`, whatever it holds, its lines
    indented by `indent` (which the closing delimiter's indentation takes off again)."""
    hashes = "#"
    while f'"""{hashes}' in text or f"\\{hashes}" in text:
        hashes += "#"
    lines = "\n".join(indent + line if line else line for line in text.split("\n"))
    return f'{hashes}"""\n{lines}\n{indent}"""{hashes}'


def swift_pieces(parts, name):
    lines = [f"    static let {name}: [Piece] = ["]
    for index, part in enumerate(parts):
        if index % 2 == 1:
            lines.append(f"        .{part},")
        elif part:
            lines.append(f"        .text(\n            {literal(part, '            ')}\n        ),")
    lines.append("    ]")
    return "\n".join(lines)


def generated():
    head, tail = pieces()
    return (
        "// Written by Scripts/page.py from the files in Sources/XTreePage/Page/: edit those, then run\n"
        "// `python3 Scripts/page.py`. CI fails when this file is not what they make.\n"
        "\n"
        "extension HTMLPage {\n"
        "    /// The page up to the snapshot's data block, from `Page/page.html` and the files it names.\n"
        + swift_pieces(head, "headPieces")
        + "\n\n"
        "    /// The page after the snapshot's data block.\n"
        + swift_pieces(tail, "tailPieces")
        + "\n}\n"
    )


def main():
    text = generated()
    if sys.argv[1:] == ["--check"]:
        try:
            with open(OUTPUT, encoding="utf-8") as handle:
                current = handle.read()
        except FileNotFoundError:
            current = None
        if current != text:
            fail(f"{os.path.relpath(OUTPUT, ROOT)} is not what the page's files make: run 'python3 Scripts/page.py'")
        print("the page's Swift file is up to date with Page/")
    elif sys.argv[1:]:
        fail("usage: python3 Scripts/page.py [--check]")
    else:
        with open(OUTPUT, "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"wrote {os.path.relpath(OUTPUT, ROOT)}")


main()
