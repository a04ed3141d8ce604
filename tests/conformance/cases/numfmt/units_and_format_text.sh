numfmt --from-unit=1K 1; numfmt --to-unit=1Ki 2048; numfmt --format='%5.1f%%' 7; numfmt --format='%0-5f|' 7
