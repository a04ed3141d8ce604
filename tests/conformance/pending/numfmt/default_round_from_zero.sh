numfmt --to=si 1001 1000001; numfmt --to=iec 1025
