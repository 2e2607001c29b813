#!/usr/bin/env bash
# Brings the translation catalogs up to date with the code: extracts every message the
# code marks (_, n_, N_) from bot/, render/ and engine/ into i18n/locales/messages.pot,
# then merges it into each language's .po (new messages arrive untranslated; a changed
# one is marked fuzzy and reads in English until a translator checks it). The tests fail
# while any message lacks a translation (tests/i18n/test_catalogs.py).
set -euo pipefail
cd "$(dirname "$0")/.."
PYBABEL=.venv/bin/pybabel
"$PYBABEL" --quiet extract --no-wrap --sort-by-file --project "Domino Tables" \
  -k _ -k n_:1,2 -k N_ -o i18n/locales/messages.pot bot render engine
for language in es pt_BR de; do
  po="i18n/locales/$language/LC_MESSAGES/messages.po"
  if [ -f "$po" ]; then
    "$PYBABEL" --quiet update --no-wrap -i i18n/locales/messages.pot -d i18n/locales -l "$language"
  else
    "$PYBABEL" --quiet init --no-wrap -i i18n/locales/messages.pot -d i18n/locales -l "$language"
  fi
done
