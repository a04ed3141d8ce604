numfmt --to=iec-i 2048 5000000
