#!/usr/bin/env bash
# Makes public/fonts/bangla-label.woff2: Noto Sans Bengali Bold cut down to the glyphs of "বাংলা",
# the language switch's label in English mode (~1 KB), and public/fonts/taka.woff2, the taka sign
# "৳" of amounts (~0.5 KB), for devices without a Bengali system font (src/web/styles.css).
# Needs fonttools with brotli (Debian: apt-get install python3-fonttools python3-brotli). Run it
# again only if the label changes (LANG_SWITCH_LABEL in src/shared/i18n/model.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
/usr/bin/python3 -m fontTools.subset node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2 \
  --text="বাংলা" --layout-features='*' --flavor=woff2 --no-hinting --desubroutinize --output-file=public/fonts/bangla-label.woff2
/usr/bin/python3 -m fontTools.subset node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2 \
  --text="৳" --layout-features='*' --flavor=woff2 --no-hinting --desubroutinize --output-file=public/fonts/taka.woff2
