printf '1000\n2000000\n' | numfmt --to=si
