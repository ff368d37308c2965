#!/usr/bin/env python3
"""Copies docs/contract-format.schema.json into the Swift literal the loader embeds
(Sources/ContractKit/Loading/ContractFormatSchema.swift), indented as the literal is.
ContractFormatSchemaTests fails when the two differ: run this after editing the schema."""
import pathlib

root = pathlib.Path(__file__).resolve().parent.parent
swift = root / "Sources/ContractKit/Loading/ContractFormatSchema.swift"
doc = (root / "docs/contract-format.schema.json").read_text()
text = swift.read_text()
opening = '    static let text = #"""\n'
start = text.index(opening) + len(opening)
end = text.index('        """#', start)
body = "".join(("        " + line if line.strip() else line) for line in doc.splitlines(True))
# A multiline literal drops the newline before its closing delimiter: one more keeps the file's.
swift.write_text(text[:start] + body + "\n" + text[end:])
