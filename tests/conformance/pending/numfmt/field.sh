printf 'a 2048 x\nb 1048576 y\n' | numfmt --to=iec --field=2
