printf 'SIZE\n2048\n' | numfmt --header --to=iec
