numfmt --from=si 1K 1.5M
