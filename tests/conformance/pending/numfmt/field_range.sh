printf '1024 2048 4096\n' | numfmt --to=iec --field=2-
