numfmt --to=iec --suffix=B 2048
