#!/usr/bin/env bash
# Brings the translation catalogs up to date with the code. For each part of the catalog
# (i18n/catalogs.py, PARTS), extracts every message its folders mark (_, n_, N_) into
# i18n/locales/<part>.pot, then merges that into each language's <part>.po: new messages
# arrive untranslated, a changed one is marked fuzzy and reads in English until a
# translator checks it. The tests fail while any message lacks a translation
# (tests/i18n/test_catalogs.py).
set -euo pipefail
cd "$(dirname "$0")/.."
PYBABEL=.venv/bin/pybabel
parts=$(.venv/bin/python -c 'from i18n.catalogs import PARTS
for part, folders in PARTS.items(): print(part + ":" + ",".join(folders))')
for entry in $parts; do
  part=${entry%%:*}
  IFS=, read -r -a folders <<<"${entry#*:}"
  "$PYBABEL" --quiet extract --no-wrap --sort-by-file --project "Domino Tables" \
    -k _ -k n_:1,2 -k N_ -o "i18n/locales/$part.pot" "${folders[@]}"
  for language in es pt_BR de; do
    if [ -f "i18n/locales/$language/LC_MESSAGES/$part.po" ]; then
      command=update
    else
      command=init
    fi
    "$PYBABEL" --quiet "$command" --no-wrap -D "$part" -i "i18n/locales/$part.pot" \
      -d i18n/locales -l "$language"
  done
done
