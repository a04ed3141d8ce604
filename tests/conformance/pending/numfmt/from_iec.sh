numfmt --from=iec 1K 1.5M 2G
