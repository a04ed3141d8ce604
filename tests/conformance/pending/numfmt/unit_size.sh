numfmt --from-unit=1024 --to=iec 1 4096
